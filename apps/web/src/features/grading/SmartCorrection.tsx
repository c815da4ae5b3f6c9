import type { TCorrectionSuggestion } from "@essay/contract";
import { useMutation } from "@tanstack/react-query";
import { ArrowRight, CheckCheck, Sparkles, Undo2 } from "lucide-react";
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
 * Suggestions work on a copy of the page texts (checked as one text, so a sentence running over a page break is read
 * whole): applying changes the copy, each suggestion on its own page, and "use corrected text" pushes it into the
 * editor. OCR slips and the student's own errors are marked apart, so the teacher keeps what the student wrote.
 */
export function SmartCorrection({
  texts,
  disabled,
  onPushBack,
}: {
  /** The page texts in reading order. */
  texts: readonly string[];
  disabled: boolean;
  onPushBack: (texts: string[]) => void;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[] | null>(null);
  // the page texts as checked (the suggestions' offsets refer to them) and the corrected copy
  const [origin, setOrigin] = useState<readonly string[]>([]);
  const [corrected, setCorrected] = useState<string[]>([]);
  const text = checkedText(texts);

  const start = (suggestions: TCorrectionSuggestion[]) => {
    setOrigin([...texts]);
    setCorrected([...texts]);
    setItems(suggestions.map((suggestion) => ({ suggestion, decision: "pending" })));
  };
  const check = useMutation({
    mutationFn: () => manuscriptsApi.suggest(text),
    onSuccess: ({ suggestions }) => start(suggestions),
    // Spec §8: a failed check is only logged; no suggestions are shown.
    onError: (error) => {
      console.error("text correction failed", error);
      start([]);
    },
  });

  const decide = (targets: Item[], decision: Decision) => {
    if (decision === "applied") {
      setCorrected(
        (current) =>
          applyAcrossPages(
            origin,
            current,
            targets.map((i) => i.suggestion),
          ).texts,
      );
    }
    setItems((list) => list?.map((item) => (targets.includes(item) ? { ...item, decision } : item)) ?? null);
  };

  const pending = items?.filter((i) => i.decision === "pending") ?? [];
  const appliedCount = items?.filter((i) => i.decision === "applied").length ?? 0;

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
          {pending.length > 0 ? (
            <Button size="sm" variant="outline" onClick={() => decide(pending, "applied")} data-testid="apply-all">
              <CheckCheck aria-hidden="true" />
              {t("grading.correction.applyAll")}
            </Button>
          ) : null}
          {appliedCount > 0 ? (
            <Button size="sm" onClick={() => onPushBack(corrected)} data-testid="push-back">
              <Undo2 aria-hidden="true" />
              {t("grading.correction.pushBack")}
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
          {appliedCount > 0 ? (
            <p className="text-xs font-medium text-green-700">
              {t("grading.correction.applied", { count: appliedCount })}
            </p>
          ) : null}
          <ul className="flex max-h-80 flex-col gap-2 overflow-auto">
            {items.map((item, index) => {
              const s = item.suggestion;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: suggestions can repeat the same words
                  key={index}
                  data-testid="suggestion"
                  data-kind={s.kind}
                  data-decision={item.decision}
                  className={cn(
                    "flex flex-col gap-1.5 rounded-md border bg-white p-3 text-sm",
                    item.decision !== "pending" && "opacity-60",
                  )}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="rounded bg-red-50 px-1.5 font-mono text-red-800 line-through">{s.original}</span>
                    <ArrowRight className="size-3.5 text-slate-400" aria-hidden="true" />
                    <span className="rounded bg-green-50 px-1.5 font-mono text-green-800">{s.suggested || "∅"}</span>
                    <span
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
                  <p className="text-slate-600">{s.reason}</p>
                  {item.decision === "pending" ? (
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => decide([item], "applied")}>
                        {t("grading.correction.apply")}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => decide([item], "dismissed")}>
                        {t("grading.correction.dismiss")}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
