import { BookOpen, ClipboardCheck, FileBarChart, PenLine, Ticket } from "lucide-react";

/** The five tabs of spec §2, in order. */
export const NAV_ITEMS = [
  { to: "/", labelKey: "nav.grading", icon: PenLine },
  { to: "/invitations", labelKey: "nav.invitations", icon: Ticket },
  { to: "/assignments", labelKey: "nav.assignments", icon: BookOpen },
  { to: "/criteria", labelKey: "nav.criteria", icon: ClipboardCheck },
  { to: "/reports", labelKey: "nav.reports", icon: FileBarChart },
] as const;
