import { ArrowLeft, KeyRound, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { FullPageSpinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/utils.ts";
import { useCurrentUser } from "../auth/use-current-user.ts";
import { PasswordTab } from "./PasswordTab.tsx";
import { ProfileTab } from "./ProfileTab.tsx";

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return <FullPageSpinner label={t("profile.loadingUser")} />;
  // an account without a password can do nothing else until it sets one (the server answers 403 elsewhere)
  const firstPassword = !user.hasCustomPassword;
  const tab = firstPassword || params.get("tab") === "password" ? "password" : "profile";

  const tabs = [
    ...(firstPassword ? [] : ([{ key: "profile", label: t("profile.tabProfile"), icon: UserRound }] as const)),
    { key: "password", label: firstPassword ? t("password.firstTitle") : t("profile.tabPassword"), icon: KeyRound },
  ] as const;

  return (
    <div className="flex flex-col gap-4">
      {firstPassword ? null : (
        <Button variant="ghost" size="sm" className="self-start" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            {t("profile.backHome")}
          </Link>
        </Button>
      )}
      <div className="grid gap-6 md:grid-cols-[220px_1fr]">
        <div className="flex gap-2 md:flex-col" role="tablist" aria-orientation="vertical">
          {tabs.map(({ key, label, icon: Icon }) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              onClick={() => setParams(key === "password" ? { tab: "password" } : {})}
              className={cn(
                "flex flex-1 items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium md:flex-none",
                tab === key ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-100",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel">{tab === "password" ? <PasswordTab user={user} /> : <ProfileTab user={user} />}</div>
      </div>
    </div>
  );
}
