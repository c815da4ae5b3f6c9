import { MAINLAND_MOBILE } from "@essay/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api.ts";
import { describeError } from "../../../lib/error-message.ts";
import { authApi } from "../auth-api.ts";
import { DIAL_CODE } from "../SignInScreen.tsx";

interface Props {
  phone: string;
  onPhoneChange: (value: string) => void;
  onExistingUser: () => void;
  onNewUser: () => void;
}

export function PhoneStep({ phone, onPhoneChange, onExistingUser, onNewUser }: Props) {
  const { t } = useTranslation();
  const check = useMutation({
    mutationFn: () => authApi.checkPasswordStatus(`${DIAL_CODE}${phone}`),
    onSuccess: onExistingUser,
    onError: (error) => {
      if (error instanceof ApiError && (error.code === "USER_NOT_FOUND" || error.status === 404)) {
        onNewUser();
        return;
      }
      const network = !(error instanceof ApiError);
      toast({
        title: network ? t("common.networkError") : t("auth.toast.checkFailed"),
        description: describeError(t, error),
        variant: "destructive",
      });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!MAINLAND_MOBILE.test(phone)) {
      toast({ title: t("auth.toast.inputError"), description: t("auth.toast.invalidPhone"), variant: "destructive" });
      return;
    }
    check.mutate();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="phone">{t("auth.phone")}</Label>
        <div className="flex">
          <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">
            🇨🇳 {DIAL_CODE}
          </span>
          <Input
            id="phone"
            className="rounded-l-none"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={11}
            placeholder={t("auth.phonePlaceholder")}
            value={phone}
            onChange={(e) => onPhoneChange(e.target.value.replace(/\D/g, "").slice(0, 11))}
            autoFocus
          />
        </div>
      </div>
      <Button type="submit" disabled={check.isPending}>
        {check.isPending ? t("auth.checking") : t("auth.next")}
      </Button>
    </form>
  );
}
