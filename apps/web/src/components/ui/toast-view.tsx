import * as T from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "../../lib/utils.ts";
import { dismiss, TOAST_DURATION_MS, type ToastState } from "./toast.tsx";

/** The toast on screen (loaded with the first toast, see `Toaster`). */
export function ToastView({ state, closeLabel }: { state: ToastState | null; closeLabel: string }) {
  return (
    <T.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {state ? (
        <T.Root
          key={state.id}
          open={state.open}
          duration={state.duration ?? TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) dismiss(state.id);
          }}
          data-testid="toast"
          data-variant={state.variant ?? "default"}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            state.variant === "destructive" && "border-red-300 bg-red-50 text-red-900",
            state.variant === "success" && "border-green-300 bg-green-50 text-green-900",
            (!state.variant || state.variant === "default") && "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="flex flex-col gap-1">
            <T.Title className="text-sm font-semibold" data-testid="toast-title">
              {state.title}
            </T.Title>
            {state.description ? (
              <T.Description className="text-sm opacity-90" data-testid="toast-description">
                {state.description}
              </T.Description>
            ) : null}
          </div>
          <T.Close className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100" aria-label={closeLabel}>
            <X className="size-4" />
          </T.Close>
        </T.Root>
      ) : null}
      <T.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </T.Provider>
  );
}
