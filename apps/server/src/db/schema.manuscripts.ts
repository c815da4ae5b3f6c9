import { GENRES } from "@essay/contract";
import type { OcrLine } from "@essay/ocr";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema.accounts.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export interface StoredFeedback {
  overall: string;
  strengths: string[];
  improvements: string[];
  /**
   * The same feedback (and each criterion's evidence, by criterion order) in the other interface languages, so a
   * student reads the report in their own language; the fields above are the grading teacher's language.
   */
  localized?: Partial<Record<"en" | "zh-CN" | "zh-TW", LocalizedFeedback>>;
}
export interface LocalizedFeedback {
  overall: string;
  strengths: string[];
  improvements: string[];
  evidence: string[][];
}
export interface StoredCriterion {
  key: string;
  label: string;
  score: number;
  max: number;
  evidence: string[];
}

/** One handwritten essay of one student (spec §3), with recognition and grading results and their provenance. */
export const manuscripts = pgTable(
  "manuscripts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    studentName: text("student_name").notNull(),
    studentClass: text("student_class").notNull(),
    studentId: text("student_id").notNull(),
    teacherName: text("teacher_name").notNull(),
    topic: text("topic").notNull(),
    /** The target the teacher set or the topic names; null: the level's usual length (levelTargetLength). */
    targetLength: integer("target_length"),
    /** The students' school year, 1–12, when known. */
    schoolYear: integer("school_year"),
    /** The genre the teacher chose (null: recognised from the topic, else the level's usual one). */
    genre: text("genre", { enum: GENRES }),
    /** created → uploaded → ocr_completed → text_confirmed → graded; only moves forward. */
    status: text("status", { enum: ["created", "uploaded", "ocr_completed", "text_confirmed", "graded"] })
      .notNull()
      .default("created"),
    /** The read pages' texts joined in page order (`joinPageTexts`); the pages themselves are `manuscript_pages`. */
    ocrText: text("ocr_text"),
    ocrReason: text("ocr_reason"),
    ocrEngine: text("ocr_engine"),
    ocrVersion: text("ocr_version"),
    ocrConfidence: real("ocr_confidence"),
    confirmedText: text("confirmed_text"),
    /** Correction suggestions the teacher dismissed when confirming (offsets into confirmedText): not counted. */
    dismissed: jsonb("dismissed").$type<{ original: string; suggested: string; start?: number }[]>(),
    /** The total shown: the teacher's when they set one, else the grader's. */
    score: real("score"),
    /** The grader's own total, kept when a teacher sets the score. */
    machineScore: real("machine_score"),
    /** The grader's score on its calibration scale; with teacherScore it calibrates later essays of the assignment. */
    rawTotal: real("raw_total"),
    /** The teacher's own total (0–40), when they changed the grader's (the sum of the criteria when they set those). */
    teacherScore: real("teacher_score"),
    /** The teacher's own scores of single criteria, by criterion key; the others stay the grader's. */
    teacherCriteria: jsonb("teacher_criteria").$type<Record<string, number>>(),
    /** How many teacher-scored essays of the assignment the last grading was calibrated on (0: none). */
    calibratedOn: integer("calibrated_on"),
    grade: text("grade", { enum: ["excellent", "good", "pass", "needs_improvement", "fail"] }),
    feedback: jsonb("feedback").$type<StoredFeedback>(),
    criteria: jsonb("criteria").$type<StoredCriterion[]>(),
    gradingEngine: text("grading_engine"),
    gradingVersion: text("grading_version"),
    createdAt: ts("created_at").notNull().default(sql`now()`),
    updatedAt: ts("updated_at").notNull().default(sql`now()`),
    uploadedAt: ts("uploaded_at"),
    recognizedAt: ts("recognized_at"),
    confirmedAt: ts("confirmed_at"),
    gradedAt: ts("graded_at"),
  },
  (t) => [index("manuscripts_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * One page photo of a manuscript (1–8 per essay), in reading order, with its own recognition result. A page's photo
 * never changes: a new photo is a new page. `recognizedAt` null means the page is still to be read.
 */
export const manuscriptPages = pgTable(
  "manuscript_pages",
  {
    /** Generated before the photo is stored: it names the file (manuscripts/<manuscript id>/<page id>.jpg). */
    id: uuid("id").primaryKey(),
    manuscriptId: uuid("manuscript_id")
      .notNull()
      .references(() => manuscripts.id, { onDelete: "cascade" }),
    /** 0-based place in reading order, dense (0 … pages − 1). */
    position: integer("position").notNull(),
    imageKey: text("image_key").notNull(),
    imageWidth: integer("image_width").notNull(),
    imageHeight: integer("image_height").notNull(),
    ocrText: text("ocr_text"),
    ocrReason: text("ocr_reason"),
    ocrConfidence: real("ocr_confidence"),
    /** The engine's lines as returned (boxes, confidences, per-character detail when the engine gives it). */
    ocrLines: jsonb("ocr_lines").$type<OcrLine[]>(),
    ocrEngine: text("ocr_engine"),
    ocrVersion: text("ocr_version"),
    /** Reads started on this page (a read cut short by a crash counts; a page read to the end is never read again). */
    ocrAttempts: integer("ocr_attempts").notNull().default(0),
    /** This page's part of the confirmed text, when the teacher confirmed it page by page. */
    confirmedText: text("confirmed_text"),
    createdAt: ts("created_at").notNull().default(sql`now()`),
    recognizedAt: ts("recognized_at"),
  },
  (t) => [uniqueIndex("manuscript_pages_position_idx").on(t.manuscriptId, t.position)],
);

/**
 * Recognition and grading runs as the UI sees them. Written in the same transaction as the pg-boss
 * enqueue, the claim and the result; pg-boss owns delivery, retries and expiry.
 */
export const manuscriptJobs = pgTable(
  "manuscript_jobs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    manuscriptId: uuid("manuscript_id")
      .notNull()
      .references(() => manuscripts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["ocr", "grading"] }).notNull(),
    /** queued → running → succeeded | failed; superseded when a newer run of the same manuscript replaced it. */
    state: text("state", { enum: ["queued", "running", "succeeded", "failed", "superseded"] })
      .notNull()
      .default("queued"),
    errorCode: text("error_code"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** For recognition: the page being read right now (null between pages); shown as "page 2 of 3". */
    pageId: uuid("page_id"),
    bossJobId: uuid("boss_job_id"),
    queuedAt: ts("queued_at").notNull().default(sql`now()`),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("manuscript_jobs_manuscript_idx").on(t.manuscriptId, t.queuedAt)],
);

/**
 * Which server process is running which queue job right now (one row per delivery in progress), renewed by that
 * process's heartbeat. A job whose lease stopped being renewed belongs to a dead process and is retried at once
 * (docs/jobs.md, "Crash recovery"). Rows go when the delivery ends.
 */
export const jobLeases = pgTable("job_leases", {
  bossJobId: uuid("boss_job_id").primaryKey(),
  queue: text("queue").notNull(),
  processId: uuid("process_id").notNull(),
  renewedAt: ts("renewed_at").notNull().default(sql`now()`),
});
