import { bandForScore, MAX_SCORE, type TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Award, RotateCcw, ThumbsUp, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { cn } from "../../lib/utils.ts";
import { CalibrationNote } from "./CalibrationNote.tsx";
import { CriterionRow } from "./CriterionRow.tsx";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";
import { scoreClasses } from "./score-style.ts";
import { TeacherScoreForm } from "./TeacherScoreForm.tsx";

export function GradingResultCard({ manuscript }: { manuscript: TManuscript }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const score = manuscript.score ?? 0;
  const band = manuscript.grade ?? bandForScore(score);
  const style = scoreClasses(score);

  const regrade = useMutation({
    mutationFn: () => manuscriptsApi.grade(manuscript.id),
    onSuccess: (updated) => queryClient.setQueryData(manuscriptKey(updated.id), updated),
    onError: (error) =>
      toast({ title: t("grading.toast.gradingFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  return (
    <Card data-testid="grading-result">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Award className="size-5 text-brand-600" aria-hidden="true" />
          {t("grading.result.title")}
        </CardTitle>
        <Button
          size="sm"
          variant="outline"
          onClick={() => regrade.mutate()}
          disabled={regrade.isPending || Boolean(manuscript.job)}
        >
          <RotateCcw aria-hidden="true" />
          {t("grading.result.regrade")}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-6">
          <div className={cn("flex flex-col items-center rounded-xl border px-8 py-4", style.bg)}>
            <span className="text-sm text-slate-600">{t("grading.result.totalScore")}</span>
            <span className={cn("text-5xl font-bold tabular-nums", style.text)} data-testid="total-score">
              {score}
            </span>
            <span className="text-sm text-slate-500">/ {MAX_SCORE}</span>
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-sm text-slate-500">{t("grading.result.grade")}</span>
            <span className={cn("text-2xl font-semibold", style.text)} data-testid="grade-band">
              {t(`grading.band.${band}`)}
            </span>
            <span className="text-xs text-slate-500" data-testid="graded-as">
              {manuscript.schoolYear
                ? t("levels.gradedAs", {
                    level: t(`levels.year.${manuscript.schoolYear}`),
                    genre: t(`levels.genres.${manuscript.effectiveGenre}`),
                  })
                : t("levels.gradedAsGenre", { genre: t(`levels.genres.${manuscript.effectiveGenre}`) })}
            </span>
            {manuscript.gradingEngine ? (
              <span className="text-xs text-slate-400">
                {t("grading.result.engine", { engine: manuscript.gradingEngine })}
              </span>
            ) : null}
          </div>
        </div>
        <CalibrationNote manuscript={manuscript} />
        <TeacherScoreForm key={`${manuscript.id}-${manuscript.teacherScore}`} manuscript={manuscript} />
        {manuscript.criteria?.length ? (
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold">{t("grading.result.criteria")}</h3>
            {manuscript.criteria.map((c) => (
              <CriterionRow key={`${c.key}-${c.score}`} manuscript={manuscript} criterion={c} />
            ))}
          </div>
        ) : null}
        {manuscript.feedback ? (
          <div className="flex flex-col gap-4">
            <h3 className="font-semibold">{t("grading.result.feedback")}</h3>
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700">{t("grading.result.overall")}</p>
              <p className="text-sm leading-relaxed text-slate-800" data-testid="overall-comment">
                {manuscript.feedback.overall}
              </p>
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <div className="rounded-lg bg-green-50 p-4">
                <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-green-800">
                  <ThumbsUp className="size-4" aria-hidden="true" />
                  {t("grading.result.strengths")}
                </p>
                <ul className="list-disc pl-5 text-sm text-green-900">
                  {manuscript.feedback.strengths.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                  {manuscript.feedback.strengths.length === 0 ? (
                    <li className="list-none text-slate-500">{t("grading.result.none")}</li>
                  ) : null}
                </ul>
              </div>
              <div className="rounded-lg bg-amber-50 p-4">
                <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-amber-800">
                  <TrendingUp className="size-4" aria-hidden="true" />
                  {t("grading.result.improvements")}
                </p>
                <ul className="list-disc pl-5 text-sm text-amber-900">
                  {manuscript.feedback.improvements.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                  {manuscript.feedback.improvements.length === 0 ? (
                    <li className="list-none text-slate-500">{t("grading.result.none")}</li>
                  ) : null}
                </ul>
              </div>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
