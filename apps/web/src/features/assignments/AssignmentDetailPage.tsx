import { CALIBRATION_NOTICE_AT, type TAssignmentDetail, type TTeacherSubmissionRow } from "@essay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BarChart3, ListChecks, PenLine, Scale, Send, Undo2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { describeError } from "../../lib/error-message.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { cn } from "../../lib/utils.ts";
import { AccessDeniedPage } from "../access-denied/AccessDeniedPage.tsx";
import { ASSIGNMENTS_KEY, assignmentKey, CLASSES_KEY, classesApi, FRESH_ON_OPEN } from "../classes/classes-api.ts";
import { scoreClasses } from "../grading/score-style.ts";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";

// The analytics and their chart library load only when the tab is opened (the initial script budget).
const AssignmentAnalytics = lazy(() => import("./AssignmentAnalytics.tsx"));

/** Opens a submission on the grading screen: `/` reads `?manuscript=` and keeps it as the current essay. */
export function gradingLink(manuscriptId: string, assignmentId: string): string {
  return `/?${new URLSearchParams({ manuscript: manuscriptId, assignment: assignmentId })}`;
}

function StatusBadge({ row }: { row: TTeacherSubmissionRow }) {
  const { t } = useTranslation();
  const s = row.submission;
  const key = !s || s.status === "created" ? "notSubmitted" : s.releasedAt ? "released" : s.status;
  const tone =
    key === "notSubmitted"
      ? "bg-slate-100 text-slate-600"
      : key === "released"
        ? "bg-green-100 text-green-800"
        : key === "graded"
          ? "bg-purple-100 text-purple-800"
          : "bg-amber-100 text-amber-800";
  return (
    <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium", tone)}>
      {t(`classes.status.${key}`)}
    </span>
  );
}

/** /assignments/:id: every student of the class and their work; open one on the grading screen, release reports. */
export function AssignmentDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery<TAssignmentDetail>({ queryKey: assignmentKey(id), ...FRESH_ON_OPEN });
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "analytics" ? "analytics" : "submissions";

  const toggle = useMutation({
    mutationFn: ({ submissionId, release }: { submissionId: string; release: boolean }) =>
      release ? classesApi.release(submissionId) : classesApi.unrelease(submissionId),
    onSuccess: async (_r, v) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKey(id) }),
        queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
      ]);
      toast({ title: t(v.release ? "classes.toast.released" : "classes.toast.unreleased"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("classes.toast.releaseFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  if (detail.error instanceof ApiError && detail.error.status === 403) return <AccessDeniedPage home="/assignments" />;
  if (detail.error) return <NotFoundPage />;
  if (detail.isLoading || !detail.data) return <Spinner label={t("common.loading")} />;
  const { assignment: a, rows } = detail.data;
  const open = (manuscriptId: string) => navigate(gradingLink(manuscriptId, a.id));

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={`/assignments?class=${a.classId}`}>
            <ArrowLeft aria-hidden="true" />
            {t("classes.backToLibrary")}
          </Link>
        </Button>
      </div>
      <Card>
        <CardHeader>
          <CardTitle data-testid="assignment-title">{a.title}</CardTitle>
          <CardDescription>
            {a.className} · {a.schoolYear ? `${t(`levels.year.${a.schoolYear}`)} · ` : ""}
            {a.genre ? `${t(`levels.genres.${a.genre}`)} · ` : ""}
            {t(`classes.languages.${a.language}`)} · {t("classes.lengthN", { n: a.targetLength })} ·{" "}
            {a.dueAt ? t("classes.dueOn", { date: formatDateTime(a.dueAt, i18n.language) }) : t("classes.noDue")}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm leading-relaxed text-slate-700">
            {a.topic}
          </p>
          <p className="mt-3 text-sm text-slate-600">
            {t("classes.submittedOf", { done: a.submittedCount, total: a.studentCount })} ·{" "}
            {t("classes.gradedN", { n: a.gradedCount })} · {t("classes.releasedN", { n: a.releasedCount })}
          </p>
          {a.teacherScoredCount > 0 ? (
            <p
              className="mt-3 flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-800"
              data-testid="assignment-calibration"
            >
              <Scale className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {a.teacherScoredCount >= CALIBRATION_NOTICE_AT
                ? t("classes.calibrated", { count: a.teacherScoredCount })
                : t("classes.calibrationPending", { count: CALIBRATION_NOTICE_AT - a.teacherScoredCount })}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <div
        role="tablist"
        aria-label={t("classes.analytics.tabs")}
        className="flex gap-2 border-b border-slate-200 print:hidden"
      >
        {(
          [
            ["submissions", ListChecks, "classes.submissions"],
            ["analytics", BarChart3, "classes.analytics.title"],
          ] as const
        ).map(([key, Icon, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`panel-${key}`}
            data-testid={`tab-${key}`}
            className={cn(
              "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
              tab === key
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
            onClick={() => setParams(key === "analytics" ? { tab: "analytics" } : {}, { replace: true })}
          >
            <Icon className="size-4" aria-hidden="true" />
            {t(label)}
          </button>
        ))}
      </div>
      {tab === "analytics" ? (
        <div role="tabpanel" id="panel-analytics" aria-labelledby="tab-analytics">
          <Suspense fallback={<Spinner label={t("common.loading")} />}>
            <AssignmentAnalytics assignmentId={a.id} />
          </Suspense>
        </div>
      ) : (
        <div role="tabpanel" id="panel-submissions" aria-labelledby="tab-submissions">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("classes.submissions")}</CardTitle>
              <CardDescription>{t("classes.submissionsDesc")}</CardDescription>
            </CardHeader>
            <CardContent className="relative overflow-x-auto">
              {rows.length === 0 ? (
                <p className="text-sm text-slate-500">{t("classes.noStudents")}</p>
              ) : (
                <table className="w-full min-w-[560px] text-sm">
                  <thead className="text-left text-xs text-slate-500">
                    <tr>
                      <th className="py-2 pr-2 font-medium">{t("classes.studentNumber")}</th>
                      <th className="py-2 pr-2 font-medium">{t("classes.studentName")}</th>
                      <th className="py-2 pr-2 font-medium">{t("classes.statusLabel")}</th>
                      <th className="py-2 pr-2 font-medium">{t("classes.score")}</th>
                      <th className="py-2 pr-2 font-medium">{t("classes.submittedAt")}</th>
                      <th className="py-2 font-medium">
                        <span className="sr-only">{t("classes.actions")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {rows.map((row) => {
                      const s = row.submission;
                      const submitted = s && s.status !== "created";
                      return (
                        <tr key={row.student.id} data-testid="submission-row">
                          <td className="py-2 pr-2 font-mono text-xs">{row.student.studentNumber}</td>
                          <td className="py-2 pr-2">{row.student.name}</td>
                          <td className="py-2 pr-2">
                            <StatusBadge row={row} />
                            {s?.late ? (
                              <span className="ml-1 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">
                                {t("classes.late")}
                              </span>
                            ) : null}
                          </td>
                          <td className={cn("py-2 pr-2 font-semibold", s?.score != null && scoreClasses(s.score).text)}>
                            {s?.score != null ? `${s.score}/40` : "—"}
                          </td>
                          <td className="py-2 pr-2 text-xs text-slate-600">
                            {s?.submittedAt ? formatDateTime(s.submittedAt, i18n.language) : "—"}
                          </td>
                          <td className="py-2">
                            <div className="flex justify-end gap-2">
                              {submitted ? (
                                <Button
                                  size="sm"
                                  variant="outline"
                                  onClick={() => open(s.manuscriptId)}
                                  data-testid="grade"
                                >
                                  <PenLine aria-hidden="true" />
                                  {s.status === "graded" ? t("classes.openReport") : t("classes.gradeAction")}
                                </Button>
                              ) : null}
                              {s && s.status === "graded" && !s.releasedAt ? (
                                <Button
                                  size="sm"
                                  disabled={toggle.isPending}
                                  onClick={() => toggle.mutate({ submissionId: s.id, release: true })}
                                  data-testid="release"
                                >
                                  <Send aria-hidden="true" />
                                  {t("classes.release")}
                                </Button>
                              ) : null}
                              {s?.releasedAt ? (
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  disabled={toggle.isPending}
                                  onClick={() => toggle.mutate({ submissionId: s.id, release: false })}
                                  data-testid="unrelease"
                                >
                                  <Undo2 aria-hidden="true" />
                                  {t("classes.unrelease")}
                                </Button>
                              ) : null}
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
