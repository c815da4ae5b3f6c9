import { Outlet } from "react-router";
import { NavBar } from "./NavBar.tsx";
import { TopBar } from "./TopBar.tsx";

export function AppShell() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <NavBar />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
