import { useTranslation } from "react-i18next";
import { Route, Routes, useLocation } from "react-router";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { SignInScreen } from "../features/auth/SignInScreen.tsx";
import { useCurrentUser } from "../features/auth/use-current-user.ts";
import { useLanguageSync } from "../features/auth/use-language-sync.ts";
import { GradingPage } from "../features/grading/GradingPage.tsx";
import { InvitationsPage } from "../features/invitations/InvitationsPage.tsx";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import { InDevelopmentPage } from "../features/placeholder/InDevelopmentPage.tsx";
import { ProfilePage } from "../features/profile/ProfilePage.tsx";
import { AppShell } from "./layout/AppShell.tsx";
import { TopBar } from "./layout/TopBar.tsx";

function SignedOutLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main className="flex flex-1 items-start justify-center px-4 py-10">{children}</main>
    </div>
  );
}

export function AppRoutes() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user, isLoading } = useCurrentUser();
  useLanguageSync();

  if (isLoading) return <FullPageSpinner label={t("session.checking")} />;

  if (!user) {
    // The invitation page explains itself to a signed-out visitor (spec §2) before sending them to sign in.
    return <SignedOutLayout>{pathname === "/invitations" ? <InvitationsPage /> : <SignInScreen />}</SignedOutLayout>;
  }

  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<GradingPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="invitations" element={<InvitationsPage />} />
        <Route path="assignments" element={<InDevelopmentPage titleKey="nav.assignments" />} />
        <Route path="criteria" element={<InDevelopmentPage titleKey="nav.criteria" />} />
        <Route path="reports" element={<InDevelopmentPage titleKey="nav.reports" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
