import type { TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, Loader2, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

function useElapsedSeconds(since: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since ? Math.max(0, Math.round((now - new Date(since).getTime()) / 1000)) : 0;
}

/** The live state of background work: queued, recognising or grading with elapsed time; failure with a retry. */
export function JobStatus({ manuscript }: { manuscript: TManuscript }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const job = manuscript.job;
  const elapsed = useElapsedSeconds(job && job.state !== "failed" ? job.queuedAt : null);

  const retry = useMutation({
    mutationFn: () =>
      job?.kind === "grading" ? manuscriptsApi.grade(manuscript.id) : manuscriptsApi.ocr(manuscript.id),
    onSuccess: (updated) => queryClient.setQueryData(manuscriptKey(updated.id), updated),
    onError: (error) =>
      toast({
        title: t(job?.kind === "grading" ? "grading.toast.gradingFailed" : "grading.toast.ocrFailed"),
        description: describeError(t, error),
        variant: "destructive",
      }),
  });

  if (!job) return null;

  if (job.state === "failed") {
    const ocr = job.kind === "ocr";
    return (
      <div
        className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4"
        role="alert"
        data-testid="job-status"
        data-state="failed"
      >
        <AlertCircle className="size-5 text-red-600" aria-hidden="true" />
        <div className="flex-1">
          <p className="font-medium text-red-800">
            {t(ocr ? "grading.toast.ocrFailed" : "grading.toast.gradingFailed")}
          </p>
          <p className="text-sm text-red-700">
            {job.errorCode && t(`errors.${job.errorCode}`, { defaultValue: "" })
              ? t(`errors.${job.errorCode}`)
              : t(ocr ? "grading.toast.ocrFailedDesc" : "grading.toast.gradingFailedDesc")}
          </p>
        </div>
        <Button variant="outline" onClick={() => retry.mutate()} disabled={retry.isPending}>
          <RotateCcw aria-hidden="true" />
          {t(ocr ? "grading.job.retryOcr" : "grading.job.retryGrading")}
        </Button>
      </div>
    );
  }

  const progress = job.progress;
  const label =
    job.state === "queued"
      ? t("grading.job.queued")
      : job.kind === "grading"
        ? t("grading.job.gradingRunning")
        : progress?.page
          ? t("grading.job.ocrPage", { page: progress.page, total: progress.total })
          : t("grading.job.ocrRunning");
  return (
    <div
      className="flex items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4"
      role="status"
      data-page={progress?.page ?? undefined}
      aria-live="polite"
      data-testid="job-status"
      data-state={job.state}
      data-kind={job.kind}
    >
      <Loader2 className="size-5 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-1.5">
        <p className="font-medium text-brand-800" data-testid="job-label">
          {label}
        </p>
        {progress && progress.total > 1 ? (
          <div className="flex items-center gap-2">
            <progress
              className="h-1.5 w-40 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-brand-100 [&::-webkit-progress-value]:bg-brand-600"
              max={progress.total}
              value={progress.read}
              aria-label={t("grading.job.pagesRead", { read: progress.read, total: progress.total })}
            />
            <span className="text-xs text-slate-600">
              {t("grading.job.pagesRead", { read: progress.read, total: progress.total })}
            </span>
          </div>
        ) : null}
      </div>
      <span className="text-sm tabular-nums text-slate-600">
        {t("grading.job.elapsed", { seconds: elapsed })}
        {job.attempts > 1 ? ` · ${t("grading.job.attempt", { attempt: job.attempts })}` : ""}
      </span>
    </div>
  );
}
