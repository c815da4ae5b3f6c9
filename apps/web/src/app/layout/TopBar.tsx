import { useQueryClient } from "@tanstack/react-query";
import { LogOut, PenLine, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { CURRENT_USER_KEY, useCurrentUser } from "../../features/auth/use-current-user.ts";
import { clearStoredLanguage } from "../../i18n/index.ts";
import { apiRequest } from "../../lib/api.ts";
import { LanguageSelector } from "./LanguageSelector.tsx";

export function TopBar() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Spec §2: logout clears the stored language and goes home; a failed call is only logged.
  const logout = async () => {
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch (error) {
      console.error("logout failed", error);
    }
    clearStoredLanguage();
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
    navigate("/");
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-brand-700">
          <PenLine className="size-5 shrink-0" aria-hidden="true" />
          <span className="truncate">{t("app.title")}</span>
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSelector />
          {user ? (
            <>
              <span className="hidden max-w-32 truncate text-sm text-slate-700 sm:inline" data-testid="user-name">
                {user.name}
              </span>
              <Button variant="ghost" size="sm" asChild>
                <Link to="/profile" aria-label={t("topbar.profile")}>
                  <UserRound aria-hidden="true" />
                  <span className="hidden lg:inline">{t("topbar.profile")}</span>
                </Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => void logout()} aria-label={t("topbar.logout")}>
                <LogOut aria-hidden="true" />
                <span className="hidden lg:inline">{t("topbar.logout")}</span>
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
