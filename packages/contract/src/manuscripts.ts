import { z } from "zod";
import { TARGET_SOURCES } from "./level.ts";
import { MAX_DISMISSED, MAX_PAGES } from "./pages.ts";
import { ZGenre, ZSchoolYear } from "./schemas-level.ts";
import { GRADE_BANDS, MANUSCRIPT_STATUSES, MAX_SCORE } from "./scores.ts";
import {
  ESSAY_MAX_CHARS,
  LABEL_MAX_CHARS,
  PERSON_NAME_MAX_CHARS,
  SHORT_ID_MAX_CHARS,
  TOKEN_MAX_CHARS,
  TOPIC_MAX_CHARS,
  URL_MAX_CHARS,
} from "./text-limits.ts";

export const ZManuscriptStatus = z.enum(MANUSCRIPT_STATUSES);

export const ZGradeBand = z.enum(GRADE_BANDS);

export const ZJobKind = z.enum(["ocr", "grading"]);

/** Recognition reads the pages one after another: which page now ("page 2 of 3") and how many are done. */
export const ZPageProgress = z.object({
  /** 1-based number of the page being read now; null while the run waits for a worker or between pages. */
  page: z.number().int().nullable(),
  /** Pages already read. */
  read: z.number().int(),
  /** Pages of the essay. */
  total: z.number().int(),
});
export type TPageProgress = z.infer<typeof ZPageProgress>;

export const ZJobState = z.object({
  kind: ZJobKind,
  state: z.enum(["queued", "running", "failed"]),
  /** Recognition runs only: progress through the pages. */
  progress: ZPageProgress.nullable(),
  /** Error code the web translates (OCR_FAILED, GRADING_FAILED, …) and the raw message for the log. */
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
});
export type TJobState = z.infer<typeof ZJobState>;

export const ZFeedback = z.object({
  overall: z.string(),
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
});
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZCriterionScore = z.object({
  key: z.string(),
  label: z.string(),
  /** The score shown: the teacher's when they set this criterion, else the grader's. */
  score: z.number(),
  max: z.number(),
  evidence: z.array(z.string()),
  /** The grader's own score of the criterion (present on graded manuscripts). */
  machineScore: z.number().optional(),
  /** The teacher's score of the criterion, when they set one. */
  teacherScore: z.number().nullable().optional(),
});
export type TCriterionScore = z.infer<typeof ZCriterionScore>;

export const ZOcrLine = z.object({
  text: z.string(),
  confidence: z.number(),
  box: z.array(z.number()).optional(),
});

/** `waiting`: not read yet; `reading`: the recognition run is on it now; `read`: its text is in. */
export const ZPageState = z.enum(["waiting", "reading", "read"]);
export type TPageState = z.infer<typeof ZPageState>;

/** One page photo of an essay, in reading order, with its own recognition result. */
export const ZManuscriptPage = z.object({
  id: z.string(),
  /** 1-based place in reading order. */
  number: z.number().int(),
  /** The stored (normalised JPEG) photo; a page's photo never changes, a new photo is a new page. */
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  state: ZPageState,
  ocrText: z.string().nullable(),
  /** Why recognition found no text on this page (blank page, too dark, …). */
  ocrReason: z.string().nullable(),
  ocrConfidence: z.number().nullable(),
  /** This page's part of the confirmed text, when it was confirmed page by page. */
  confirmedText: z.string().nullable(),
  recognizedAt: z.string().nullable(),
});
export type TManuscriptPage = z.infer<typeof ZManuscriptPage>;

export const ZManuscript = z.object({
  id: z.string(),
  userId: z.string(),
  studentName: z.string(),
  studentClass: z.string(),
  studentId: z.string(),
  teacherName: z.string(),
  /** The first page's photo (spec field); every page is in `pages`. */
  originalImageUrl: z.string(),
  /** The essay's page photos in reading order (at most MAX_PAGES). */
  pages: z.array(ZManuscriptPage),
  topic: z.string(),
  /** The length the essay is judged against (words or characters). */
  targetLength: z.number().int(),
  /** Where it comes from: the teacher's own figure, the length the topic names, or the level's usual length. */
  targetLengthSource: z.enum(TARGET_SOURCES),
  /** The students' school year (1–12), when known. */
  schoolYear: z.number().int().nullable(),
  /** The genre the teacher chose; null when it is recognised from the topic (see `effectiveGenre`). */
  genre: ZGenre.nullable(),
  /** The genre the essay is judged as: the chosen one, else the topic's, else the level's usual one. */
  effectiveGenre: ZGenre,
  ocrText: z.string().nullable(),
  confirmedText: z.string().nullable(),
  score: z.number().nullable(),
  /** The grader's total; differs from `score` when the teacher set their own. */
  machineScore: z.number().nullable(),
  teacherScore: z.number().nullable(),
  /**
   * The assignment's calibration as this essay sees it: how many of its essays the teacher has scored (`teacherScored`)
   * and on how many the grader calibrated this essay's grade (`calibratedOn`). Null outside an assignment.
   */
  calibration: z.object({ teacherScored: z.number().int(), calibratedOn: z.number().int() }).nullable(),
  grade: ZGradeBand.nullable(),
  status: ZManuscriptStatus,
  feedback: ZFeedback.nullable(),
  criteria: z.array(ZCriterionScore).nullable(),
  /** Why recognition found no text, when it found none (blank page, too dark, …). */
  ocrReason: z.string().nullable(),
  ocrEngine: z.string().nullable(),
  gradingEngine: z.string().nullable(),
  job: ZJobState.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TManuscript = z.infer<typeof ZManuscript>;

export const ZCreateManuscriptRequest = z.object({
  studentName: z.string().trim().min(1).max(PERSON_NAME_MAX_CHARS),
  studentClass: z.string().trim().min(1).max(LABEL_MAX_CHARS),
  studentId: z.string().trim().min(1).max(SHORT_ID_MAX_CHARS),
  teacherName: z.string().trim().max(PERSON_NAME_MAX_CHARS).optional(),
  originalImageUrl: z.string().max(URL_MAX_CHARS).optional(),
  userId: z.string().max(TOKEN_MAX_CHARS).optional(),
  /** The topic; absent: the spec's sample task; empty: no topic (the essay is judged without one). */
  topic: z.string().trim().max(TOPIC_MAX_CHARS).optional(),
  targetLength: z.number().int().min(50).max(5000).optional(),
  schoolYear: ZSchoolYear.optional(),
  genre: ZGenre.optional(),
});
export type TCreateManuscriptRequest = z.input<typeof ZCreateManuscriptRequest>;

/** A correction suggestion the teacher dismissed: the grader does not count it. */
export const ZDismissedSuggestion = z.object({
  original: z.string().max(200),
  suggested: z.string().max(200),
  start: z.number().int().min(0).optional(),
});
export type TDismissedSuggestion = z.infer<typeof ZDismissedSuggestion>;
/**
 * The spec's `confirmedText`, and optionally the text page by page (every page, in the current order): then
 * `confirmedText` must be `joinPageTexts` of those texts, and each page keeps its own part.
 */
export const ZConfirmTextRequest = z.object({
  confirmedText: z
    .string()
    .max(ESSAY_MAX_CHARS)
    .refine((s) => s.trim().length > 0, "empty"),
  pageTexts: z
    .array(z.object({ pageId: z.string().max(TOKEN_MAX_CHARS), text: z.string().max(ESSAY_MAX_CHARS) }))
    .max(MAX_PAGES)
    .optional(),
  /**
   * Suggestions the teacher dismissed (offsets into `confirmedText`, nearest match): the grader does not count them
   * and the report does not list them.
   */
  dismissed: z.array(ZDismissedSuggestion).max(MAX_DISMISSED).optional(),
});
export type TConfirmTextRequest = z.infer<typeof ZConfirmTextRequest>;

/** New reading order: every page id of the manuscript exactly once. */
export const ZPageOrderRequest = z.object({
  pageIds: z.array(z.string().max(TOKEN_MAX_CHARS)).min(1).max(MAX_PAGES),
});
export type TPageOrderRequest = z.infer<typeof ZPageOrderRequest>;

/**
 * What the teacher may still change before the text is confirmed: the topic, the level, the genre and the target
 * (null returns the genre to recognition and the target to the topic's or the level's).
 */
export const ZUpdateManuscriptRequest = z
  .object({
    topic: z.string().trim().max(TOPIC_MAX_CHARS).optional(),
    schoolYear: ZSchoolYear.nullable().optional(),
    genre: ZGenre.nullable().optional(),
    targetLength: z.number().int().min(50).max(5000).nullable().optional(),
  })
  .strict();
export type TUpdateManuscriptRequest = z.input<typeof ZUpdateManuscriptRequest>;

/**
 * The teacher's own scores of a graded essay. `score`: their total (null returns to the grader's; it clears criterion
 * scores). `criteria`: scores of single criteria by key (null returns one to the grader's); the total is then the sum
 * of the criteria as shown. Either or both; with both, the criteria decide.
 */
export const ZTeacherScoreRequest = z
  .object({
    score: z.number().int().min(0).max(MAX_SCORE).nullable().optional(),
    criteria: z.record(z.string().max(TOKEN_MAX_CHARS), z.number().int().min(0).max(MAX_SCORE).nullable()).optional(),
  })
  .refine((b) => b.score !== undefined || b.criteria !== undefined, "score or criteria");
export type TTeacherScoreRequest = z.input<typeof ZTeacherScoreRequest>;

export const ZManuscriptListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZManuscriptList = z.object({
  items: z.array(ZManuscript),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ZCorrectionKind = z.enum(["ocr", "student"]);
/** Why a suggestion got its kind (see SuggestionEvidence in @essay/grading). */
export const ZCorrectionEvidence = z.enum([
  "low-confidence",
  "recogniser-alternative",
  "implausible-string",
  "letter-shape",
  "learner-slip",
]);
export const ZCorrectionSuggestion = z.object({
  original: z.string(),
  /** Equal to `original` when the suggestion only points something out (pinyin whose character is unclear). */
  suggested: z.string(),
  reason: z.string(),
  confidence: z.number().min(0).max(1),
  start: z.number().int(),
  end: z.number().int(),
  kind: ZCorrectionKind,
  evidence: ZCorrectionEvidence.optional(),
  /** Stable name of the rule (spelling, pinyin, pinyin-unclear, de-adverb, ocr-shape, …). */
  rule: z.string().optional(),
  alternatives: z.array(z.string()).optional(),
});
export type TCorrectionSuggestion = z.infer<typeof ZCorrectionSuggestion>;
/** The recogniser's confidence and next best readings for a span of the text (from the OCR lines' characters). */
export const ZReadingEvidence = z.object({
  offset: z.number().int().min(0),
  length: z.number().int().min(1).max(50),
  confidence: z.number().min(0).max(1),
  alternatives: z
    .array(z.object({ text: z.string().min(1).max(50), confidence: z.number().min(0).max(1) }))
    .max(10)
    .optional(),
});
export type TReadingEvidence = z.infer<typeof ZReadingEvidence>;
/** A box [x0, y0, x1, y1] in pixels of the page photo as stored (EXIF-rotated). */
export const ZPhotoBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
/**
 * One recognised character with where it stands: offsets into the manuscript's `ocrText` (pages joined by
 * `joinPageTexts`) and into its page's own text, its page, its line and the boxes of the character and of the line
 * on the page photo (what the editor crops to show the teacher).
 */
export const ZCharReading = ZReadingEvidence.extend({
  pageId: z.string(),
  /** Offset into the page's own recognised text (`pages[].ocrText`). */
  pageOffset: z.number().int().min(0),
  /** 0-based line of the page. */
  line: z.number().int().min(0),
  box: ZPhotoBox,
  lineBox: ZPhotoBox,
});
export type TCharReading = z.infer<typeof ZCharReading>;
/**
 * The recogniser's per-character evidence of a manuscript (`GET /api/manuscripts/:id/readings`): empty when the
 * engine gives no per-character detail (remote providers) or nothing is read yet.
 */
export const ZManuscriptReadings = z.object({
  /** The recognised text the offsets refer to (the manuscript's `ocrText`, "" before any page is read). */
  ocrText: z.string(),
  readings: z.array(ZCharReading),
});
export type TManuscriptReadings = z.infer<typeof ZManuscriptReadings>;
export const ZTextCorrectionRequest = z.object({
  text: z.string().max(ESSAY_MAX_CHARS),
  language: z.string().max(TOKEN_MAX_CHARS).optional(),
  /** Per-character recogniser evidence aligned to `text`; without it kinds are decided from the text alone. */
  readings: z.array(ZReadingEvidence).max(50_000).optional(),
});
export const ZTextCorrectionResponse = z.object({ suggestions: z.array(ZCorrectionSuggestion) });
