import { BookOpen, ClipboardCheck, FileBarChart, LayoutDashboard, PenLine, Ticket } from "lucide-react";

/** The five tabs of spec §2, in order. */
export const NAV_ITEMS = [
  { to: "/", labelKey: "nav.grading", icon: PenLine },
  { to: "/invitations", labelKey: "nav.invitations", icon: Ticket },
  { to: "/assignments", labelKey: "nav.assignments", icon: BookOpen },
  { to: "/criteria", labelKey: "nav.criteria", icon: ClipboardCheck },
  { to: "/reports", labelKey: "nav.reports", icon: FileBarChart },
] as const;

/** Students get their own bar: the dashboard (assignments, classes, submissions). */
export const STUDENT_NAV_ITEMS = [
  { to: "/student", labelKey: "student.nav.dashboard", icon: LayoutDashboard },
] as const;

export type NavItem = { to: string; labelKey: string; icon: (typeof NAV_ITEMS)[number]["icon"] };

/** The tab a path belongs to: exact match, else the longest prefix (so /assignments/:id keeps its tab). */
export function currentNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  return (
    items.find((item) => item.to === pathname) ??
    [...items]
      .filter((item) => item.to !== "/" && pathname.startsWith(`${item.to}/`))
      .sort((a, b) => b.to.length - a.to.length)[0]
  );
}
