import { useTranslation } from "react-i18next";
import { Route, Routes } from "react-router";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { SignInScreen } from "../features/auth/SignInScreen.tsx";
import { useCurrentUser } from "../features/auth/use-current-user.ts";
import { GradingPage } from "../features/grading/GradingPage.tsx";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import { InDevelopmentPage } from "../features/placeholder/InDevelopmentPage.tsx";
import { AppShell } from "./layout/AppShell.tsx";
import { TopBar } from "./layout/TopBar.tsx";

export function AppRoutes() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useCurrentUser();

  if (isLoading) return <FullPageSpinner label={t("session.checking")} />;

  // Spec §2: signed out, the sign-in screen replaces every route.
  if (!user) {
    return (
      <div className="flex min-h-screen flex-col">
        <TopBar />
        <main className="flex flex-1 items-start justify-center px-4 py-10">
          <SignInScreen />
        </main>
      </div>
    );
  }

  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<GradingPage />} />
        <Route path="assignments" element={<InDevelopmentPage titleKey="nav.assignments" />} />
        <Route path="criteria" element={<InDevelopmentPage titleKey="nav.criteria" />} />
        <Route path="reports" element={<InDevelopmentPage titleKey="nav.reports" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
