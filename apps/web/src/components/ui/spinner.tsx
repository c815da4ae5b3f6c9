import { Loader2 } from "lucide-react";
import { cn } from "../../lib/utils.ts";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-500">
      <Loader2 className={cn("size-5 animate-spin", className)} aria-hidden="true" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
