import {
  effectiveGenre,
  essayLanguageOf,
  isSchoolYear,
  resolveTarget,
  type TManuscript,
  type TManuscriptPage,
} from "@essay/contract";
import type { manuscripts } from "../../db/schema.ts";
import { criteriaIn, feedbackIn } from "./feedback.ts";
import { type JobRow, jobView } from "./jobs.repo.ts";
import type { PageSummary } from "./pages.repo.ts";

export type ManuscriptRow = typeof manuscripts.$inferSelect;

/** A page photo's address on the teacher's API. Pages are immutable, so the address never needs a version. */
export function pageImageUrl(manuscriptId: string, pageId: string): string {
  return `/api/manuscripts/${manuscriptId}/pages/${pageId}/image`;
}

/** The pages as the API shows them; `url` gives each photo's address for the caller (teacher or student). */
export function pageViews(
  pages: readonly PageSummary[],
  job: JobRow | undefined,
  url: (page: PageSummary) => string,
): TManuscriptPage[] {
  const readingId = job?.kind === "ocr" && job.state === "running" ? job.pageId : null;
  return pages.map((p, i) => ({
    id: p.id,
    number: i + 1,
    imageUrl: url(p),
    width: p.imageWidth,
    height: p.imageHeight,
    state: p.recognizedAt ? "read" : p.id === readingId ? "reading" : "waiting",
    ocrText: p.recognizedAt ? p.ocrText : null,
    ocrReason: p.ocrReason,
    ocrConfidence: p.ocrConfidence,
    confirmedText: p.confirmedText,
    recognizedAt: p.recognizedAt?.toISOString() ?? null,
  }));
}

/** The essay's language as far as it is known: its text's, else its topic's (an English task is set in English). */
function essayLanguage(row: Pick<ManuscriptRow, "confirmedText" | "ocrText" | "topic">): "en" | "zh" {
  const text = row.confirmedText ?? row.ocrText ?? "";
  return essayLanguageOf(text.trim() ? text : row.topic);
}

export function toManuscript(
  row: ManuscriptRow,
  job: JobRow | undefined,
  pages: readonly PageSummary[],
  calibration: TManuscript["calibration"] = null,
): TManuscript {
  const views = pageViews(pages, job, (p) => pageImageUrl(row.id, p.id));
  const year = isSchoolYear(row.schoolYear) ? row.schoolYear : null;
  const language = essayLanguage(row);
  // the target the teacher set, else the one the topic names, else the level's usual length for the genre
  const target = resolveTarget({ targetLength: row.targetLength, topic: row.topic, language, year, genre: row.genre });
  return {
    id: row.id,
    userId: row.userId,
    studentName: row.studentName,
    studentClass: row.studentClass,
    studentId: row.studentId,
    teacherName: row.teacherName,
    originalImageUrl: views[0]?.imageUrl ?? "",
    pages: views,
    topic: row.topic,
    targetLength: target.targetLength,
    targetLengthSource: target.source,
    schoolYear: year,
    genre: row.genre,
    effectiveGenre: effectiveGenre(row.genre, row.topic, language, year),
    ocrText: row.ocrText,
    confirmedText: row.confirmedText,
    score: row.score,
    machineScore: row.machineScore,
    teacherScore: row.teacherScore,
    calibration,
    grade: row.grade,
    status: row.status,
    feedback: feedbackIn(row.feedback),
    criteria: criteriaIn(row.criteria, row.feedback, undefined, row.teacherCriteria),
    ocrReason: row.ocrReason,
    ocrEngine: row.ocrEngine ? `${row.ocrEngine}@${row.ocrVersion ?? ""}` : null,
    gradingEngine: row.gradingEngine ? `${row.gradingEngine}@${row.gradingVersion ?? ""}` : null,
    job: jobView(job, pages),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
