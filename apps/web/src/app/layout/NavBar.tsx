import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation, useNavigate } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { useCurrentUser } from "../../features/auth/use-current-user.ts";
import { cn } from "../../lib/utils.ts";
import { currentNavItem, NAV_ITEMS, type NavItem, STUDENT_NAV_ITEMS } from "./nav-items.ts";

export function NavBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const items: readonly NavItem[] = user?.role === "student" ? STUDENT_NAV_ITEMS : NAV_ITEMS;
  const current = currentNavItem(items, location.pathname) ?? items[0] ?? NAV_ITEMS[0];
  const CurrentIcon = current.icon;

  return (
    <nav aria-label={t("nav.label")} className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4">
        <ul className="hidden gap-1 md:flex">
          {items.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === "/"}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2 border-b-2 px-4 py-3 text-sm font-medium transition-colors",
                    isActive
                      ? "border-brand-600 text-brand-700"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="py-2 md:hidden">
          <DropdownMenu>
            <DropdownMenuTrigger
              className="flex w-full items-center justify-between rounded-md border border-slate-300 px-3 py-2 text-sm font-medium"
              aria-label={t("nav.menu")}
              data-testid="nav-menu-trigger"
            >
              <span className="flex items-center gap-2">
                <CurrentIcon className="size-4" aria-hidden="true" />
                {t(current.labelKey)}
              </span>
              <ChevronDown className="size-4" aria-hidden="true" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-[calc(100vw-2rem)]">
              {items.map(({ to, labelKey, icon: Icon }) => (
                <DropdownMenuItem
                  key={to}
                  onSelect={() => navigate(to)}
                  className={cn(to === current.to && "bg-brand-50 text-brand-700")}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(labelKey)}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </nav>
  );
}
