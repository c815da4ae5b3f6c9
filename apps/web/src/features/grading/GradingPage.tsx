import { progressStep } from "@essay/contract";
import { ArrowLeft, Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { lastSchoolYear } from "../levels/last-year.ts";
import type { Draft } from "./draft.ts";
import { GradingResultCard } from "./GradingResultCard.tsx";
import { JobStatus } from "./JobStatus.tsx";
import { ProgressSteps } from "./ProgressSteps.tsx";
import { ReportPreview } from "./ReportPreview.tsx";
import { StandardsCard } from "./StandardsCard.tsx";
import { StudentInfoForm } from "./StudentInfoForm.tsx";
import { TextConfirmation } from "./TextConfirmation.tsx";
import { TopicCard } from "./TopicCard.tsx";
import { UploadArea } from "./UploadArea.tsx";
import { useJobToasts, useManuscript } from "./use-manuscript.ts";

/** A new essay's draft: no topic yet (the sample is a suggestion), the teacher's last school year, genre from the topic. */
function emptyDraft(): Draft {
  return { topic: "", schoolYear: lastSchoolYear(), genre: null };
}

/** The essay in progress survives a reload of the tab, not a new tab: each tab grades one essay at a time. */
const CURRENT_KEY = "currentManuscriptId";

function readCurrent(): string | null {
  try {
    return sessionStorage.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
}

export function GradingPage() {
  const { t } = useTranslation();
  // `/?manuscript=<id>` (from an assignment's submissions) opens that essay and makes it the current one.
  const [params, setParams] = useSearchParams();
  const linked = params.get("manuscript");
  const [id, setId] = useState<string | null>(() => linked ?? readCurrent());
  // …and `&assignment=<id>` offers the way back to that assignment's submissions.
  const [fromAssignment, setFromAssignment] = useState<string | null>(() => params.get("assignment"));
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const { data: manuscript, error } = useManuscript(id);
  useJobToasts(manuscript);

  const choose = useCallback((next: string | null) => {
    setId(next);
    try {
      if (next) sessionStorage.setItem(CURRENT_KEY, next);
      else sessionStorage.removeItem(CURRENT_KEY);
    } catch {
      // storage unavailable: the essay stays open until the tab reloads
    }
  }, []);

  useEffect(() => {
    if (!linked) return;
    choose(linked);
    setFromAssignment(params.get("assignment"));
    setParams({}, { replace: true });
  }, [linked, params, choose, setParams]);

  // A remembered essay that is gone (deleted, or another account's) starts a fresh page.
  useEffect(() => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) choose(null);
  }, [error, choose]);

  const step = progressStep(manuscript?.status);
  // the text shows as soon as a page is read (the teacher checks page 1 while page 2 is read, and keeps their edits
  // while a page added later is read), or when recognition failed and the text is to be typed in
  const showsText =
    step >= 3 ||
    Boolean(manuscript?.pages.some((p) => p.state === "read")) ||
    (manuscript?.job?.kind === "ocr" && manuscript.job.state === "failed" && manuscript.pages.length > 0);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("grading.title")}</h1>
          <p className="text-slate-600">{t("grading.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {fromAssignment && manuscript ? (
            <Button asChild variant="ghost" data-testid="back-to-assignment">
              <Link to={`/assignments/${encodeURIComponent(fromAssignment)}`}>
                <ArrowLeft aria-hidden="true" />
                {t("grading.backToAssignment")}
              </Link>
            </Button>
          ) : null}
          {manuscript ? (
            <Button
              variant="outline"
              onClick={() => {
                setFromAssignment(null);
                choose(null);
                setDraft(emptyDraft());
              }}
              data-testid="new-essay"
            >
              <Plus aria-hidden="true" />
              {t("grading.newEssay")}
            </Button>
          ) : null}
        </div>
      </div>
      <ProgressSteps status={manuscript?.status} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="flex flex-col gap-6">
          <StudentInfoForm
            key={id ?? "new"}
            manuscript={manuscript}
            draft={draft}
            onDraftChange={setDraft}
            onCreated={choose}
          />
          <UploadArea manuscript={manuscript} />
          {manuscript?.job ? <JobStatus manuscript={manuscript} /> : null}
        </div>
        <div className="flex flex-col gap-6">
          <TopicCard
            key={manuscript ? `${manuscript.id}-${manuscript.topic}-${manuscript.genre}` : "draft"}
            manuscript={manuscript}
            draft={draft}
            onDraftChange={setDraft}
          />
          <StandardsCard manuscript={manuscript} draft={draft} />
        </div>
      </div>
      {manuscript && showsText ? <TextConfirmation key={manuscript.id} manuscript={manuscript} /> : null}
      {manuscript?.status === "graded" ? (
        <>
          <GradingResultCard manuscript={manuscript} />
          <ReportPreview manuscript={manuscript} />
        </>
      ) : null}
    </div>
  );
}
