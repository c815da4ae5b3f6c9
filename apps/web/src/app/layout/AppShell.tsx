import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { NavBar } from "./NavBar.tsx";
import { TopBar } from "./TopBar.tsx";

export function AppShell() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <NavBar />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        {/* pages load on first visit; the bars stay put meanwhile */}
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner label={t("common.loading")} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
