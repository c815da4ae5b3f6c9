import type * as MenuModule from "@radix-ui/react-dropdown-menu";
import { type ComponentProps, createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { cn } from "../../lib/utils.ts";

type Menu = typeof MenuModule;

/**
 * Radix's menu (with its positioning engine, about 21 KB gzipped) is fetched when a menu is first pointed at or
 * opened, not with the first page: until then the trigger is a plain button with the same look, which loads the menu
 * and opens it on activation.
 */
let loaded: Menu | null = null;
let loading: Promise<Menu> | null = null;
function loadMenu(): Promise<Menu> {
  loading ??= import("@radix-ui/react-dropdown-menu").then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

interface LazyMenu {
  menu: Menu | null;
  /** Loads the menu; `open` opens it once loaded (the user activated the trigger). */
  request(open: boolean): void;
}
const MenuContext = createContext<LazyMenu>({ menu: null, request: () => {} });

export function DropdownMenu({ children }: { children: ReactNode }) {
  const [menu, setMenu] = useState<Menu | null>(loaded);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || menu) return;
    let live = true;
    void loadMenu().then((m) => {
      if (live) setMenu(() => m);
    });
    return () => {
      live = false;
    };
  }, [wanted, menu]);
  const request = (open: boolean) => {
    if (open) setOpenOnLoad(true);
    setWanted(true);
  };
  const value = { menu, request };
  if (!menu) return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
  return (
    <menu.Root defaultOpen={openOnLoad}>
      <MenuContext.Provider value={value}>{children}</MenuContext.Provider>
    </menu.Root>
  );
}

type TriggerProps = ComponentProps<"button">;

export function DropdownMenuTrigger({ onClick, onPointerEnter, onFocus, ...props }: TriggerProps) {
  const { menu, request } = useContext(MenuContext);
  if (menu) return <menu.Trigger onClick={onClick} onPointerEnter={onPointerEnter} onFocus={onFocus} {...props} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...props}
      onPointerEnter={(e) => {
        request(false);
        onPointerEnter?.(e);
      }}
      onFocus={(e) => {
        request(false);
        onFocus?.(e);
      }}
      onClick={(e) => {
        request(true);
        onClick?.(e);
      }}
    />
  );
}

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<Menu["Content"]> & { className?: string }) {
  const { menu } = useContext(MenuContext);
  if (!menu) return null;
  return (
    <menu.Portal>
      <menu.Content
        sideOffset={sideOffset}
        className={cn("z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg", className)}
        {...props}
      />
    </menu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<Menu["Item"]> & { className?: string }) {
  const { menu } = useContext(MenuContext);
  if (!menu) return null;
  return (
    <menu.Item
      className={cn(
        "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
