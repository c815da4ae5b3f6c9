import { type TWorkLanguage, WORK_LANGUAGES } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { CURRENT_USER_KEY, useCurrentUser } from "../../features/auth/use-current-user.ts";
import { useWorkLanguages } from "../../features/config/use-config-lists.ts";
import { setLanguage } from "../../i18n/index.ts";
import { apiJson, errorText } from "../../lib/api.ts";

/** Endonyms, shown before the list arrives so the selector never renders empty. */
const FALLBACK_NAMES: Record<TWorkLanguage, string> = { "zh-CN": "简体中文", "zh-TW": "繁體中文", en: "English" };

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: languages } = useWorkLanguages();
  const options = languages ?? WORK_LANGUAGES.map((code) => ({ code, name: FALLBACK_NAMES[code] }));
  const current = (WORK_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "zh-CN";

  const updateWorkLanguage = useMutation({
    mutationFn: (workLanguage: TWorkLanguage) => apiJson("PATCH", `/api/users/${user?.id}`, { workLanguage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    onError: (error) =>
      toast({ title: t("topbar.languageUpdateFailed"), description: errorText(error), variant: "destructive" }),
  });

  const choose = async (code: TWorkLanguage) => {
    await setLanguage(code);
    // an account without a password may only set one: the choice is saved once it has
    if (user?.hasCustomPassword && user.workLanguage !== code) updateWorkLanguage.mutate(code);
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm hover:bg-slate-100"
        aria-label={t("topbar.language")}
        data-testid="language-selector"
      >
        <Globe className="size-4" aria-hidden="true" />
        <span className="font-semibold">{current}</span>
        <span className="hidden sm:inline" data-testid="language-name">
          {options.find((o) => o.code === current)?.name}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {options.map((option) => (
          <DropdownMenuItem key={option.code} onSelect={() => void choose(option.code)} data-lang={option.code}>
            <span className="w-12 font-semibold">{option.code}</span>
            <span>{option.name}</span>
            {option.code === current ? <Check className="ml-auto size-4 text-brand-600" aria-hidden="true" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
