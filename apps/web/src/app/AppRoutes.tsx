import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { FullPageSpinner, Spinner } from "../components/ui/spinner.tsx";
import { AccessDeniedPage } from "../features/access-denied/AccessDeniedPage.tsx";
import { SignInScreen } from "../features/auth/SignInScreen.tsx";
import { useCurrentUser } from "../features/auth/use-current-user.ts";
import { useLanguageSync } from "../features/auth/use-language-sync.ts";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import { AppShell } from "./layout/AppShell.tsx";
import { TopBar } from "./layout/TopBar.tsx";

// Each page is its own chunk, fetched when first opened: the first load carries the shell and the sign-in screen only.
const GradingPage = lazy(() => import("../features/grading/GradingPage.tsx").then((m) => ({ default: m.GradingPage })));
const ProfilePage = lazy(() => import("../features/profile/ProfilePage.tsx").then((m) => ({ default: m.ProfilePage })));
const InvitationsPage = lazy(() =>
  import("../features/invitations/InvitationsPage.tsx").then((m) => ({ default: m.InvitationsPage })),
);
const AssignmentLibraryPage = lazy(() =>
  import("../features/assignments/AssignmentLibraryPage.tsx").then((m) => ({ default: m.AssignmentLibraryPage })),
);
const AssignmentDetailPage = lazy(() =>
  import("../features/assignments/AssignmentDetailPage.tsx").then((m) => ({ default: m.AssignmentDetailPage })),
);
const InDevelopmentPage = lazy(() =>
  import("../features/placeholder/InDevelopmentPage.tsx").then((m) => ({ default: m.InDevelopmentPage })),
);
const ReportsPage = lazy(() => import("../features/reports/ReportsPage.tsx").then((m) => ({ default: m.ReportsPage })));
const StudentDashboard = lazy(() =>
  import("../features/student/StudentDashboard.tsx").then((m) => ({ default: m.StudentDashboard })),
);
const SubmissionPage = lazy(() =>
  import("../features/student/SubmissionPage.tsx").then((m) => ({ default: m.SubmissionPage })),
);

/** The top bar and one centred page: signing in, or setting the first password. */
function SignedOutLayout({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main className="flex flex-1 items-start justify-center px-4 py-10">
        <Suspense fallback={<Spinner label={t("common.loading")} />}>
          {children ?? (
            <div className="w-full max-w-3xl">
              <Outlet />
            </div>
          )}
        </Suspense>
      </main>
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

  if (!user.hasCustomPassword) {
    // No password of its own yet: the server answers 403 PASSWORD_CHANGE_REQUIRED to everything but setting one, so
    // the app shows nothing else (the spec's redirect to the password tab, made binding).
    return (
      <Routes>
        <Route element={<SignedOutLayout />}>
          <Route path="profile" element={<ProfilePage />} />
          <Route path="*" element={<Navigate to="/profile?tab=password" replace />} />
        </Route>
      </Routes>
    );
  }

  if (user.role === "student") {
    // Students land on their dashboard; the teacher's pages show the access-denied state (the API answers 403).
    const denied = <AccessDeniedPage home="/student" />;
    return (
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<Navigate to="/student" replace />} />
          <Route path="student" element={<StudentDashboard />} />
          <Route path="student/submissions/:id" element={<SubmissionPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="invitations" element={denied} />
          <Route path="assignments/*" element={denied} />
          <Route path="criteria" element={denied} />
          <Route path="reports" element={denied} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    );
  }

  const studentOnly = <AccessDeniedPage home="/" />;
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<GradingPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="invitations" element={<InvitationsPage />} />
        <Route path="assignments" element={<AssignmentLibraryPage />} />
        <Route path="assignments/:id" element={<AssignmentDetailPage />} />
        <Route path="criteria" element={<InDevelopmentPage titleKey="nav.criteria" />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="student/*" element={studentOnly} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
