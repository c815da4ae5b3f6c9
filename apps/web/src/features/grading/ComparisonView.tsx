import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils.ts";
import { diffText } from "./text-diff.ts";

export function ComparisonView({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const { parts, stats } = useMemo(() => diffText(before, after), [before, after]);
  const changed = stats.added + stats.removed > 0;
  return (
    <div className="flex flex-col gap-2" data-testid="comparison">
      <p className="text-sm text-slate-600" data-testid="comparison-stats">
        {changed ? t("grading.confirm.stats", stats) : t("grading.confirm.noChanges")}
      </p>
      <div className="max-h-72 overflow-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-3 text-sm leading-relaxed">
        {parts.map((part, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their order
            key={index}
            className={cn(
              part.type === "added" && "bg-green-100 text-green-900",
              part.type === "removed" && "bg-red-100 text-red-900 line-through",
            )}
          >
            {part.text}
          </span>
        ))}
      </div>
    </div>
  );
}
