import { MAX_SCORE, type TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

/** The teacher's own total beside the grader's; it also calibrates later essays of the same assignment. */
export function TeacherScoreForm({ manuscript }: { manuscript: TManuscript }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(manuscript.teacherScore === null ? "" : String(manuscript.teacherScore));

  const save = useMutation({
    mutationFn: (score: number | null) => manuscriptsApi.setTeacherScore(manuscript.id, score),
    onSuccess: (updated) => {
      queryClient.setQueryData(manuscriptKey(updated.id), updated);
      setValue(updated.teacherScore === null ? "" : String(updated.teacherScore));
      toast({ title: t("grading.toast.scoreSaved"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("grading.toast.saveFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const score = Number(value);
    if (value.trim() === "" || !Number.isInteger(score) || score < 0 || score > MAX_SCORE) {
      toast({ title: t("grading.toast.scoreInvalid"), variant: "destructive" });
      return;
    }
    save.mutate(score);
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate data-testid="teacher-score-form">
      <Label htmlFor="teacher-score">{t("grading.result.yourScore")}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id="teacher-score"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_SCORE}
          step={1}
          className="w-24"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <span className="text-sm text-slate-500">/ {MAX_SCORE}</span>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t("grading.result.setScore")}
        </Button>
        {manuscript.teacherScore !== null ? (
          <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
            {t("grading.result.resetScore")}
          </Button>
        ) : null}
      </div>
      {manuscript.teacherScore !== null && manuscript.machineScore !== null ? (
        <p className="text-xs text-slate-500" data-testid="machine-score">
          {t("grading.result.machineScore", { score: manuscript.machineScore })}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">{t("grading.result.scoreHint")}</p>
    </form>
  );
}
