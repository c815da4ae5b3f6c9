import type { TManuscript } from "@essay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast.tsx";
import { manuscriptKey } from "./manuscripts-api.ts";
import { recognisedNothing } from "./recognised-nothing.ts";

/** How often a running job is polled; polling stops when no job is in flight. */
const POLL_MS = 1000;

export function useManuscript(id: string | null) {
  return useQuery<TManuscript>({
    queryKey: manuscriptKey(id ?? ""),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const job = query.state.data?.job;
      return job && job.state !== "failed" ? POLL_MS : false;
    },
  });
}

/** Success and failure toasts for work that finishes in the background (spec §8). */
export function useJobToasts(manuscript: TManuscript | undefined) {
  const { t } = useTranslation();
  const previous = useRef<{ id: string; status: string; jobState: string | null } | null>(null);

  useEffect(() => {
    if (!manuscript) return;
    const now = { id: manuscript.id, status: manuscript.status, jobState: manuscript.job?.state ?? null };
    const before = previous.current;
    previous.current = now;
    if (!before || before.id !== now.id) return;
    // nothing recognised: the amber tip beside the text says so, a green "done" would contradict it
    if (before.status !== "ocr_completed" && now.status === "ocr_completed" && !recognisedNothing(manuscript)) {
      toast({ title: t("grading.toast.ocrDone"), description: t("grading.toast.ocrDoneDesc"), variant: "success" });
    } else if (before.status !== "graded" && now.status === "graded") {
      toast({ title: t("grading.toast.graded"), variant: "success" });
    }
    if (before.jobState !== "failed" && now.jobState === "failed") {
      const ocr = manuscript.job?.kind === "ocr";
      toast({
        title: t(ocr ? "grading.toast.ocrFailed" : "grading.toast.gradingFailed"),
        description: t(ocr ? "grading.toast.ocrFailedDesc" : "grading.toast.gradingFailedDesc"),
        variant: "destructive",
      });
    }
  }, [manuscript, t]);
}
