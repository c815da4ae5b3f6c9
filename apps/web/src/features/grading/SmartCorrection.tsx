import type { TCorrectionSuggestion, TReadingEvidence } from "@essay/contract";
import { useMutation } from "@tanstack/react-query";
import { ArrowRight, CheckCheck, Sparkles } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/utils.ts";
import { manuscriptsApi } from "./manuscripts-api.ts";
import { applyAcrossPages, checkedText } from "./page-drafts.ts";

type Decision = "pending" | "applied" | "dismissed";
interface Item {
  suggestion: TCorrectionSuggestion;
  decision: Decision;
}

/**
 * Suggestions on the page texts (checked as one text, so a sentence running over a page break is read whole, with
 * the recogniser's evidence for the characters the teacher has not retyped). Each shows its kind, the reason for the
 * kind and its confidence. OCR slips are fixed into the editor (one by one or all at once); the student's own errors
 * stay in the text, go to the grader and appear in the report, unless the teacher corrects them anyway or dismisses
 * them as no error (then they are not counted).
 */
export function SmartCorrection({
  texts,
  evidence,
  disabled,
  onApply,
  onDismissedChange,
}: {
  /** The page texts in reading order. */
  texts: readonly string[];
  /** The recogniser's evidence aligned to `checkedText(texts)`, taken when the check starts. */
  evidence: () => TReadingEvidence[];
  disabled: boolean;
  /** Applies suggestions made on `origin` (the page texts as checked) to the editor's current page texts. */
  onApply: (change: (current: readonly string[]) => string[]) => void;
  /** The suggestions dismissed so far, with the page texts they were made on. */
  onDismissedChange: (origin: readonly string[], dismissed: TCorrectionSuggestion[]) => void;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[] | null>(null);
  // the page texts as checked: the suggestions' offsets refer to them
  const [origin, setOrigin] = useState<readonly string[]>([]);
  const text = checkedText(texts);

  const start = (suggestions: TCorrectionSuggestion[]) => {
    setOrigin([...texts]);
    setItems(suggestions.map((suggestion) => ({ suggestion, decision: "pending" })));
    onDismissedChange(texts, []);
  };
  const check = useMutation({
    mutationFn: () => manuscriptsApi.suggest(text, evidence()),
    onSuccess: ({ suggestions }) => start(suggestions),
    // Spec §8: a failed check is only logged; no suggestions are shown.
    onError: (error) => {
      console.error("text correction failed", error);
      start([]);
    },
  });

  const decide = (targets: Item[], decision: Decision) => {
    if (decision === "applied") {
      const edits = targets.map((i) => i.suggestion).filter((s) => s.suggested !== s.original);
      onApply((current) => applyAcrossPages(origin, current, edits).texts);
    }
    const next = items?.map((item) => (targets.includes(item) ? { ...item, decision } : item)) ?? null;
    setItems(next);
    if (decision === "dismissed") {
      onDismissedChange(
        origin,
        (next ?? []).filter((i) => i.decision === "dismissed").map((i) => i.suggestion),
      );
    }
  };

  const pending = items?.filter((i) => i.decision === "pending") ?? [];
  const pendingSlips = pending.filter(
    (i) => i.suggestion.kind === "ocr" && i.suggestion.suggested !== i.suggestion.original,
  );
  const appliedCount = items?.filter((i) => i.decision === "applied").length ?? 0;
  const keptCount = pending.filter((i) => i.suggestion.kind === "student").length;

  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="smart-correction"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
          {t("grading.correction.title")}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => check.mutate()}
            disabled={disabled || check.isPending || !text.trim()}
          >
            {check.isPending ? t("grading.correction.checking") : t("grading.correction.check")}
          </Button>
          {pendingSlips.length > 0 ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => decide(pendingSlips, "applied")}
              disabled={disabled}
              data-testid="apply-all"
            >
              <CheckCheck aria-hidden="true" />
              {t("grading.correction.fixAllSlips", { count: pendingSlips.length })}
            </Button>
          ) : null}
        </div>
      </div>
      {check.isPending ? <Spinner label={t("grading.correction.checking")} /> : null}
      {items && items.length === 0 && !check.isPending ? (
        <p className="text-sm text-slate-600">{t("grading.correction.none")}</p>
      ) : null}
      {items && items.length > 0 ? (
        <>
          <p className="text-xs text-slate-500">{t("grading.correction.studentHint")}</p>
          {appliedCount > 0 || keptCount > 0 ? (
            <p className="text-xs font-medium text-slate-700" data-testid="correction-summary">
              {t("grading.correction.applied", { count: appliedCount })} ·{" "}
              {t("grading.correction.kept", { count: keptCount })}
            </p>
          ) : null}
          <ul className="flex max-h-96 flex-col gap-2 overflow-auto">
            {items.map((item, index) => {
              const s = item.suggestion;
              const pointsOut = s.suggested === s.original;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: suggestions can repeat the same words
                  key={index}
                  data-testid="suggestion"
                  data-kind={s.kind}
                  data-rule={s.rule}
                  data-decision={item.decision}
                  className={cn(
                    "flex flex-col gap-1.5 rounded-md border bg-white p-3 text-sm",
                    item.decision !== "pending" && "opacity-60",
                  )}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="rounded bg-red-50 px-1.5 font-mono text-red-800 line-through">{s.original}</span>
                    {pointsOut ? null : (
                      <>
                        <ArrowRight className="size-3.5 text-slate-400" aria-hidden="true" />
                        <span className="rounded bg-green-50 px-1.5 font-mono text-green-800">
                          {s.suggested || "∅"}
                        </span>
                      </>
                    )}
                    <span
                      data-testid="suggestion-kind"
                      className={cn(
                        "rounded-full px-2 py-0.5 text-xs font-medium",
                        s.kind === "ocr" ? "bg-sky-100 text-sky-800" : "bg-amber-100 text-amber-800",
                      )}
                    >
                      {t(s.kind === "ocr" ? "grading.correction.kindOcr" : "grading.correction.kindStudent")}
                    </span>
                    <span className="ml-auto text-xs text-slate-500">
                      {t("grading.correction.confidence", { value: Math.round(s.confidence * 100) })}
                    </span>
                  </div>
                  <p className="text-slate-700">{s.reason}</p>
                  {s.evidence ? (
                    <p className="text-xs text-slate-500" data-testid="suggestion-evidence">
                      {t(`grading.correction.evidence.${s.evidence}`)}
                    </p>
                  ) : null}
                  {item.decision === "pending" ? (
                    <div className="flex flex-wrap gap-2">
                      {pointsOut ? null : (
                        <Button
                          size="sm"
                          variant={s.kind === "ocr" ? "default" : "outline"}
                          onClick={() => decide([item], "applied")}
                          disabled={disabled}
                          data-testid="suggestion-apply"
                        >
                          {t(s.kind === "ocr" ? "grading.correction.fix" : "grading.correction.correctAnyway")}
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => decide([item], "dismissed")}
                        disabled={disabled}
                        data-testid="suggestion-dismiss"
                      >
                        {t(s.kind === "ocr" ? "grading.correction.dismiss" : "grading.correction.notAnError")}
                      </Button>
                    </div>
                  ) : (
                    <p className="text-xs font-medium text-slate-600">
                      {t(
                        item.decision === "applied"
                          ? "grading.correction.wasApplied"
                          : "grading.correction.wasDismissed",
                      )}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
