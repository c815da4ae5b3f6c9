import { lazy, Suspense, useSyncExternalStore } from "react";

/** Spec §9: one toast at a time, shown for 5000 ms unless it says otherwise. */
export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  duration?: number;
}
export interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Shows a toast, replacing the one on screen. Callable from anywhere, not only components. */
export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++, open: true };
  emit();
}

export function dismiss(id: number): void {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Radix's toast is fetched with the first toast, not with the first page (spec §8 toasts follow user actions).
const ToastView = lazy(() => import("./toast-view.tsx").then((m) => ({ default: m.ToastView })));

export function Toaster({ closeLabel }: { closeLabel: string }) {
  const state = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <ToastView state={state} closeLabel={closeLabel} />
    </Suspense>
  );
}
