import type { TCriterionScore, TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

/**
 * One criterion of the result: its score (the teacher's when set, with the grader's beside it), its evidence, and a
 * way for the teacher to set their own score for it (the total becomes the sum of the criteria as shown).
 */
export function CriterionRow({ manuscript, criterion: c }: { manuscript: TManuscript; criterion: TCriterionScore }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(c.score));
  const label = t(`grading.criteria.${c.key}`, { defaultValue: c.label });
  const own = c.teacherScore !== null && c.teacherScore !== undefined;

  const save = useMutation({
    mutationFn: (score: number | null) =>
      manuscriptsApi.setTeacherScores(manuscript.id, { criteria: { [c.key]: score } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(manuscriptKey(updated.id), updated);
      setEditing(false);
      toast({ title: t("grading.toast.scoreSaved"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("grading.toast.saveFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (value.trim() === "" || !Number.isInteger(n) || n < 0 || n > c.max) {
      toast({ title: t("grading.result.criterionInvalid", { max: c.max }), variant: "destructive" });
      return;
    }
    save.mutate(n);
  };

  return (
    <div className="flex flex-col gap-1" data-testid="criterion" data-key={c.key}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="flex items-center gap-2">
          {own ? (
            <span className="text-xs text-brand-700" data-testid="criterion-teacher">
              {t("grading.result.teacherMark")} · {t("grading.result.machineShort", { score: c.machineScore })}
            </span>
          ) : null}
          <span className="tabular-nums" data-testid="criterion-score">
            {c.score} / {c.max}
          </span>
          {editing ? null : (
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2"
              onClick={() => {
                setValue(String(c.score));
                setEditing(true);
              }}
              aria-label={t("grading.result.editCriterionLabel", { criterion: label })}
              data-testid="criterion-edit"
            >
              <Pencil className="size-3.5" aria-hidden="true" />
              {t("grading.result.editCriterion")}
            </Button>
          )}
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${(c.score / c.max) * 100}%` }} />
      </div>
      {editing ? (
        <form className="flex flex-wrap items-center gap-2 pt-1" onSubmit={submit} noValidate>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={c.max}
            step={1}
            className="h-8 w-20"
            value={value}
            aria-label={t("grading.result.editCriterionLabel", { criterion: label })}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
          <span className="text-sm text-slate-500">/ {c.max}</span>
          <Button type="submit" size="sm" disabled={save.isPending} data-testid="criterion-save">
            {t("grading.result.saveCriterion")}
          </Button>
          {own ? (
            <Button type="button" size="sm" variant="ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
              {t("grading.result.resetCriterion")}
            </Button>
          ) : null}
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            {t("grading.result.cancel")}
          </Button>
        </form>
      ) : null}
      {c.evidence.length ? <p className="text-xs text-slate-500">{c.evidence.join(" · ")}</p> : null}
    </div>
  );
}
