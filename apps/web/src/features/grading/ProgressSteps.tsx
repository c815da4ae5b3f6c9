import { progressStep } from "@essay/contract";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils.ts";

const STEPS = ["upload", "ocr", "confirm", "grade", "report"] as const;

export function ProgressSteps({ status }: { status: string | undefined }) {
  const { t } = useTranslation();
  const current = progressStep(status);
  return (
    <ol
      className="grid grid-cols-5 gap-1 sm:gap-2"
      aria-label={t("grading.title")}
      data-testid="progress"
      data-step={current}
    >
      {STEPS.map((key, index) => {
        const step = index + 1;
        const done = step < current || (step === 5 && current === 5);
        const active = step === current && !done;
        return (
          <li
            key={key}
            className="flex flex-col items-center gap-1.5 text-center"
            aria-current={active ? "step" : undefined}
          >
            <span
              className={cn(
                "flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold",
                done && "border-brand-600 bg-brand-600 text-white",
                active && "border-brand-600 bg-white text-brand-700",
                !done && !active && "border-slate-300 bg-white text-slate-400",
              )}
            >
              {done ? <Check className="size-4" aria-hidden="true" /> : step}
            </span>
            <span className={cn("text-xs sm:text-sm", done || active ? "text-slate-900" : "text-slate-400")}>
              {t(`grading.steps.${key}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
