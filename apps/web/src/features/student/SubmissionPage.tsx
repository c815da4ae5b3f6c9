import type { TManuscript, TStudentAssignment, TStudentSubmission } from "@essay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ImageDropzone } from "../../components/ImageDropzone.tsx";
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
    ocrText: null,
    confirmedText: r.confirmedText,
    score: r.score,
    machineScore: null,
    teacherScore: null,
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

  const upload = useMutation({
    mutationFn: (file: File) => studentApi.upload(id, file),
    onSuccess: async (updated) => {
      queryClient.setQueryData(submissionKey(id), updated);
      await queryClient.invalidateQueries({ queryKey: MY_ASSIGNMENTS_KEY });
      toast({ title: t("student.toast.submitted"), description: t("student.toast.submittedDesc"), variant: "success" });
    },
    onError: (error) =>
      toast({
        title: t("grading.toast.uploadFailed"),
        description:
          error instanceof ApiError && error.code ? describeError(t, error) : t("grading.toast.uploadFailedDesc"),
        variant: "destructive",
      }),
  });

  if (sub.error instanceof ApiError && sub.error.status === 403) return <AccessDeniedPage home="/student" />;
  if (sub.error) return <NotFoundPage />;
  if (sub.isLoading || !sub.data) return <Spinner label={t("common.loading")} />;
  const s = sub.data;
  const a = assignments.data?.find((x) => x.id === s.assignmentId);
  const disabled = !s.canUpload || upload.isPending;
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
              lockedMessage={s.canUpload ? undefined : t("student.uploadLocked")}
              hasImage={Boolean(s.imageUrl)}
              onFile={(file) => upload.mutate(file)}
              testId="student-upload-area"
              inputTestId="student-upload-input"
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
            <CardTitle className="text-lg">{t("student.myPhoto")}</CardTitle>
          </CardHeader>
          <CardContent>
            {s.imageUrl ? (
              <img
                src={s.imageUrl}
                alt={t("student.myPhoto")}
                className="max-h-[420px] w-full rounded-md border border-slate-200 object-contain"
                data-testid="submission-photo"
              />
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
