import { type OcrEngine, OcrError, type OcrResult } from "@essay/ocr";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { assignments, manuscriptPages, manuscripts, submissions } from "../../db/schema.ts";
import { updateJob } from "../../modules/manuscripts/jobs.repo.ts";
import { DEFAULT_TOPICS, type ManuscriptRow } from "../../modules/manuscripts/manuscripts.service.ts";
import {
  findPage,
  listPages,
  nextUnreadPage,
  type PageSummary,
  summarise,
} from "../../modules/manuscripts/pages.repo.ts";
import type { FileStorage } from "../../providers/storage/index.ts";
import type { DeliveredJob, JobPayload } from "../queue.ts";
import {
  type HandlerDeps,
  type JobPolicy,
  lockCurrent,
  PermanentJobError,
  recordFailure,
  transaction,
} from "./common.ts";

/**
 * A hint from a topic the teacher wrote: an English topic means an English essay. A Chinese topic settles nothing —
 * Chinese teachers set English writing in Chinese (以“My Summer”为题写一篇英语短文) — so the page shows its script in
 * its first lines; nor does the default topic, which is in the teacher's interface language.
 */
export function languageHintFor(topic: string): string | undefined {
  if (Object.values(DEFAULT_TOPICS).includes(topic)) return undefined;
  if (/[\u3400-\u9fff]/.test(topic)) return undefined;
  return /[A-Za-z]/.test(topic) ? "en" : undefined;
}

/** BCP-47 hints for an assignment's essay language. */
const ASSIGNMENT_HINTS = { "zh-CN": "zh-Hans", "zh-TW": "zh-Hant", en: "en" } as const;

/**
 * The essay language the teacher set on the assignment a submission belongs to: the surest hint there is (an English
 * assignment is read by the English models from the first line). Null for an essay outside an assignment.
 */
async function assignmentHint(db: Queryable, manuscriptId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ language: assignments.language })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(eq(submissions.manuscriptId, manuscriptId))
    .limit(1);
  return row ? ASSIGNMENT_HINTS[row.language] : undefined;
}

const OCR_POLICY: JobPolicy = {
  kind: "ocr",
  errorCode: "OCR_FAILED",
  // pages can be added, moved and removed until the text is confirmed; after that the run has nothing to do
  stillRelevant: (m) => m.status === "uploaded" || m.status === "ocr_completed",
  isPermanent: (error) => error instanceof OcrError && !error.retryable,
};

export interface OcrHandlerDeps extends HandlerDeps {
  storage: FileStorage;
  ocr: OcrEngine;
  /** Enqueues the run's next delivery (the next page) inside the store transaction. */
  continueRun: (tx: Queryable, payload: JobPayload) => Promise<string>;
}

/**
 * `ocr.recognize`: one recognition run reads a manuscript's pages one after another in reading order, one engine
 * call per page photo. Each delivery reads one page and commits its result; if a page is still unread it enqueues
 * the run's next delivery in the same transaction (ahead of other essays' first pages, so an essay finishes before
 * the next one starts). A delivery therefore lasts one engine call, well within the queue's expiry, and a crash
 * loses at most the page being read: the retried delivery resumes at the first unread page, and a page read to the
 * end is never read again. Pages added while the run is open are read by it too; when none is left the manuscript
 * moves to `ocr_completed` — decided under the manuscript's row lock, the same lock an upload takes to decide
 * whether an open run will read its page.
 */
export function ocrHandler(deps: OcrHandlerDeps) {
  // Pages being read in this process: a delivery the queue gave up on (expired) may still be reading one, and its
  // retry waits for it rather than reading the same page again.
  const reading = new Map<string, Promise<unknown>>();
  return async (job: DeliveredJob): Promise<void> => {
    for (;;) {
      const claimed = await transaction(deps.db, (tx) => claimPage(tx, job, (id) => reading.has(id)));
      if (!claimed) return;
      if ("busy" in claimed) {
        await reading.get(claimed.busy)?.catch(() => {});
        continue;
      }
      const { manuscript, page } = claimed;
      const read = readPage(deps, manuscript, page);
      reading.set(page.id, read);
      let result: OcrResult;
      try {
        result = await read;
      } catch (error) {
        await recordFailure(deps, job, OCR_POLICY, error);
        return;
      } finally {
        reading.delete(page.id);
      }
      await transaction(deps.db, (tx) => storePage(deps, tx, job, page, result));
      return;
    }
  };
}

async function readPage(deps: OcrHandlerDeps, m: ManuscriptRow, page: PageSummary): Promise<OcrResult> {
  const bytes = await deps.storage.get(page.imageKey);
  if (!bytes) throw new PermanentJobError(`stored photo of page ${page.position + 1} is missing`);
  const languageHint = (await assignmentHint(deps.db, m.id)) ?? languageHintFor(m.topic);
  return deps.ocr.recognize(new Uint8Array(bytes), languageHint ? { languageHint } : {});
}

/**
 * Under the locks: the run's first unread page, marked as the one being read (the run `running`, one more attempt,
 * one more read of the page). With no unread page left the run finishes here; null means nothing to read; `busy`
 * names a page an abandoned delivery in this process is still reading.
 */
async function claimPage(
  tx: Queryable,
  job: DeliveredJob,
  busy: (pageId: string) => boolean,
): Promise<{ manuscript: ManuscriptRow; page: PageSummary } | { busy: string } | null> {
  const current = await lockCurrent(tx, job, OCR_POLICY.stillRelevant);
  if (!current) return null;
  const page = await nextUnreadPage(tx, current.manuscript.id);
  if (!page) {
    await finish(tx, current.manuscript.id, current.run.id);
    return null;
  }
  if (busy(page.id)) return { busy: page.id };
  await updateJob(tx, current.run.id, {
    state: "running",
    attempts: current.run.attempts + 1,
    startedAt: current.run.startedAt ?? new Date(),
    pageId: page.id,
  });
  await tx
    .update(manuscriptPages)
    .set({ ocrAttempts: page.ocrAttempts + 1 })
    .where(eq(manuscriptPages.id, page.id));
  return { manuscript: current.manuscript, page };
}

/**
 * Stores one page's result (unless the page was removed or read meanwhile), updates the manuscript's joined text,
 * then hands the run on: the next unread page gets a new delivery, or the run finishes.
 */
async function storePage(
  deps: OcrHandlerDeps,
  tx: Queryable,
  job: DeliveredJob,
  page: PageSummary,
  result: OcrResult,
): Promise<void> {
  const current = await lockCurrent(tx, job, OCR_POLICY.stillRelevant);
  if (!current) return;
  const still = await findPage(tx, page.manuscriptId, page.id);
  const now = new Date();
  if (still && !still.recognizedAt && still.imageKey === page.imageKey) {
    const confidences = result.lines.map((l) => l.confidence);
    await tx
      .update(manuscriptPages)
      .set({
        ocrText: result.text,
        ocrReason: result.text.trim() === "" ? (result.reason ?? "no_text_found") : null,
        ocrConfidence: confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null,
        ocrLines: result.lines,
        ocrEngine: result.engine,
        ocrVersion: result.version,
        recognizedAt: now,
      })
      .where(eq(manuscriptPages.id, page.id));
    const summary = summarise(await listPages(tx, page.manuscriptId));
    await tx
      .update(manuscripts)
      .set({
        ocrText: summary.ocrText,
        ocrReason: summary.ocrReason,
        ocrConfidence: summary.ocrConfidence,
        ocrEngine: result.engine,
        ocrVersion: result.version,
        updatedAt: now,
      })
      .where(eq(manuscripts.id, page.manuscriptId));
  }
  if (!(await nextUnreadPage(tx, page.manuscriptId))) {
    await finish(tx, page.manuscriptId, current.run.id);
    return;
  }
  const next = await deps.continueRun(tx, { manuscriptId: page.manuscriptId, jobId: current.run.id });
  // the run stays `running`; attempts count the deliveries of the page being read
  await updateJob(tx, current.run.id, { bossJobId: next, pageId: null, attempts: 0, error: null });
}

/** Every page is read: the joined text is the manuscript's, status `ocr_completed`, the run succeeded. */
async function finish(tx: Queryable, manuscriptId: string, runId: string): Promise<void> {
  const summary = summarise(await listPages(tx, manuscriptId));
  const now = new Date();
  await tx
    .update(manuscripts)
    .set({
      status: "ocr_completed",
      ocrText: summary.ocrText ?? "",
      ocrReason: summary.ocrReason,
      ocrConfidence: summary.ocrConfidence,
      recognizedAt: now,
      updatedAt: now,
    })
    .where(eq(manuscripts.id, manuscriptId));
  await updateJob(tx, runId, { state: "succeeded", pageId: null, errorCode: null, error: null, finishedAt: now });
}
