import { type OcrEngine, OcrError, type OcrResult } from "@essay/ocr";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { assignments, manuscripts, submissions } from "../../db/schema.ts";
import { DEFAULT_TOPICS } from "../../modules/manuscripts/manuscripts.service.ts";
import type { FileStorage } from "../../providers/storage/index.ts";
import type { DeliveredJob } from "../queue.ts";
import { type HandlerDeps, PermanentJobError, runJob } from "./common.ts";

export interface OcrHandlerDeps extends HandlerDeps {
  storage: FileStorage;
  ocr: OcrEngine;
}

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

/** `ocr.recognize`: read the stored photo, store the text, move `uploaded` → `ocr_completed`. */
export function ocrHandler(deps: OcrHandlerDeps) {
  return (job: DeliveredJob) =>
    runJob<OcrResult>(deps, job, {
      kind: "ocr",
      errorCode: "OCR_FAILED",
      stillRelevant: (m, run) =>
        (m.status === "uploaded" || m.status === "ocr_completed") && m.imageKey !== null && m.imageKey === run.imageKey,
      isPermanent: (error) => error instanceof OcrError && !error.retryable,
      async work(m) {
        const bytes = m.imageKey ? await deps.storage.get(m.imageKey) : null;
        if (!bytes) throw new PermanentJobError(`stored photo ${m.imageKey ?? "(none)"} is missing`);
        const languageHint = (await assignmentHint(deps.db, m.id)) ?? languageHintFor(m.topic);
        return deps.ocr.recognize(new Uint8Array(bytes), languageHint ? { languageHint } : {});
      },
      async store(tx, m, result) {
        const confidences = result.lines.map((l) => l.confidence);
        const mean = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null;
        const now = new Date();
        await tx
          .update(manuscripts)
          .set({
            status: "ocr_completed",
            ocrText: result.text,
            ocrReason: result.text.trim() === "" ? (result.reason ?? "no_text_found") : null,
            ocrEngine: result.engine,
            ocrVersion: result.version,
            ocrConfidence: mean,
            recognizedAt: now,
            updatedAt: now,
          })
          .where(eq(manuscripts.id, m.id));
      },
    });
}
