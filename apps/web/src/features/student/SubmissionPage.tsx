import { MAX_PAGES, type TManuscript, type TStudentAssignment, type TStudentSubmission } from "@essay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, Clock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ImageDropzone } from "../../components/ImageDropzone.tsx";
import { movedOrder, PageThumbnails } from "../../components/PageThumbnails.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { describeError } from "../../lib/error-message.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { AccessDeniedPage } from "../access-denied/AccessDeniedPage.tsx";
import { FRESH_ON_OPEN, MY_ASSIGNMENTS_KEY, studentApi, submissionKey } from "../classes/classes-api.ts";
import { ReportPreview } from "../grading/ReportPreview.tsx";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";
import { StudentStateBadge } from "./student-status.tsx";

/** The released report in the shape the grading screen's report preview draws. */
function asManuscript(sub: TStudentSubmission): TManuscript | null {
  const r = sub.report;
  if (!r) return null;
  return {
    id: sub.id,
    userId: "",
    studentName: r.studentName,
    studentClass: r.studentClass,
    studentId: r.studentId,
    teacherName: r.teacherName,
    originalImageUrl: sub.imageUrl,
    pages: sub.pages.map((p, i) => ({
      ...p,
      state: "read",
      ocrText: null,
      ocrReason: null,
      ocrConfidence: null,
      confirmedText: r.pageTexts?.[i] ?? null,
      recognizedAt: null,
    })),
    topic: r.topic,
    targetLength: 0,
    targetLengthSource: "level",
    schoolYear: r.schoolYear,
    genre: null,
    effectiveGenre: r.genre,
    ocrText: null,
    confirmedText: r.confirmedText,
    score: r.score,
    machineScore: null,
    teacherScore: r.teacherScored ? r.score : null,
    calibration: null,
    grade: r.grade,
    status: "graded",
    feedback: r.feedback,
    criteria: r.criteria,
    ocrReason: null,
    ocrEngine: null,
    gradingEngine: null,
    job: null,
    createdAt: r.gradedAt,
    updatedAt: r.gradedAt,
  };
}

/** /student/submissions/:id: submit the photo for an assignment, follow its state, read the released report. */
export function SubmissionPage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const queryClient = useQueryClient();
  const sub = useQuery<TStudentSubmission>({ queryKey: submissionKey(id), ...FRESH_ON_OPEN });
  const assignments = useQuery<TStudentAssignment[]>({ queryKey: MY_ASSIGNMENTS_KEY, ...FRESH_ON_OPEN });

  const store = (updated: TStudentSubmission) => queryClient.setQueryData(submissionKey(id), updated);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // one page per request, in the order picked; a refused photo does not stop the others (the page limit does)
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let added = 0;
      for (const [index, file] of files.entries()) {
        setProgress({ done: index, total: files.length });
        try {
          store(await studentApi.upload(id, file));
          added++;
        } catch (error) {
          toast({
            title: t("grading.toast.uploadFailed"),
            description: `${file.name}: ${
              error instanceof ApiError && error.code ? describeError(t, error) : t("grading.toast.uploadFailedDesc")
            }`,
            variant: "destructive",
          });
          if (error instanceof ApiError && error.code === "UPLOAD_TOO_MANY_PAGES") break;
        }
      }
      return added;
    },
    onSuccess: async (added) => {
      if (added === 0) return;
      await queryClient.invalidateQueries({ queryKey: MY_ASSIGNMENTS_KEY });
      toast({ title: t("student.toast.submitted"), description: t("student.toast.submittedDesc"), variant: "success" });
    },
    onSettled: () => setProgress(null),
  });
  const reorder = useMutation({
    mutationFn: (pageIds: string[]) => studentApi.reorderPages(id, pageIds),
    onSuccess: store,
    onError: (error) =>
      toast({ title: t("grading.pages.moveFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: (pageId: string) => studentApi.deletePage(id, pageId),
    onSuccess: (updated) => {
      store(updated);
      toast({ title: t("grading.pages.removed"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("grading.pages.removeFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  if (sub.error instanceof ApiError && sub.error.status === 403) return <AccessDeniedPage home="/student" />;
  if (sub.error) return <NotFoundPage />;
  if (sub.isLoading || !sub.data) return <Spinner label={t("common.loading")} />;
  const s = sub.data;
  const a = assignments.data?.find((x) => x.id === s.assignmentId);
  const busy = upload.isPending || reorder.isPending || remove.isPending;
  const disabled = !s.canUpload || busy || s.pages.length >= MAX_PAGES;
  const report = asManuscript(s);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/student">
            <ArrowLeft aria-hidden="true" />
            {t("student.backToDashboard")}
          </Link>
        </Button>
      </div>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle data-testid="submission-title">{a?.title ?? t("student.submitAssignment")}</CardTitle>
            <StudentStateBadge state={s.state} />
          </div>
          {a ? (
            <CardDescription>
              {a.className} · {a.teacherName} ·{" "}
              {a.dueAt ? t("classes.dueOn", { date: formatDateTime(a.dueAt, i18n.language) }) : t("classes.noDue")}
            </CardDescription>
          ) : null}
        </CardHeader>
        {a ? (
          <CardContent>
            <h2 className="mb-1 text-sm font-semibold text-slate-700">{t("classes.topic")}</h2>
            <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm leading-relaxed text-slate-700">
              {a.topic}
            </p>
            <p className="mt-2 text-xs text-slate-500">{t("classes.lengthN", { n: a.targetLength })}</p>
          </CardContent>
        ) : null}
      </Card>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("student.submitAssignment")}</CardTitle>
            <CardDescription>{t("student.uploadDesc")}</CardDescription>
          </CardHeader>
          <CardContent>
            <ImageDropzone
              disabled={disabled}
              pending={upload.isPending}
              pendingLabel={
                progress && progress.total > 1
                  ? t("grading.pages.uploading", { number: progress.done + 1, total: progress.total })
                  : undefined
              }
              lockedMessage={
                s.canUpload ? undefined : t(s.state === "returned" ? "student.uploadReturned" : "student.uploadLocked")
              }
              hasImage={s.pages.length > 0}
              remaining={MAX_PAGES - s.pages.length}
              onFiles={(files) => upload.mutate(files)}
              testId="student-upload-area"
              inputTestId="student-upload-input"
              cameraTestId="student-camera-input"
            />
            <div className="mt-4 flex items-start gap-2 text-sm text-slate-600" data-testid="submission-state-text">
              {s.state === "returned" ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
              ) : (
                <Clock className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
              )}
              <span>
                {t(`student.stateHint.${s.state}`)}
                {s.submittedAt
                  ? ` · ${t("student.submittedAt", { date: formatDateTime(s.submittedAt, i18n.language) })}`
                  : ""}
              </span>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <CardTitle className="text-lg">{t("student.myPhoto")}</CardTitle>
              {s.pages.length > 0 ? (
                <span className="text-sm text-slate-500">
                  {t("grading.pages.count", { count: s.pages.length, max: MAX_PAGES })}
                </span>
              ) : null}
            </div>
          </CardHeader>
          <CardContent>
            {s.pages.length > 0 ? (
              <div data-testid="submission-photo">
                <PageThumbnails
                  pages={s.pages}
                  editable={s.canUpload}
                  busy={busy}
                  onMove={(pageId, to) =>
                    reorder.mutate(
                      movedOrder(
                        s.pages.map((p) => p.id),
                        pageId,
                        to,
                      ),
                    )
                  }
                  onRemove={(pageId) => remove.mutate(pageId)}
                />
              </div>
            ) : (
              <p className="text-sm text-slate-500">{t("student.noPhoto")}</p>
            )}
          </CardContent>
        </Card>
      </div>
      {report ? <ReportPreview manuscript={report} /> : null}
    </div>
  );
}
