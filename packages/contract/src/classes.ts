import { z } from "zod";
import { ZWorkLanguage } from "./config.ts";
import { TARGET_SOURCES } from "./level.ts";
import { ZCriterionScore, ZFeedback, ZGradeBand, ZManuscriptStatus } from "./manuscripts.ts";
import { ZGenre, ZSchoolYear } from "./schemas-level.ts";
import { LABEL_MAX_CHARS, SHORT_ID_MAX_CHARS, TOKEN_MAX_CHARS, TOPIC_MAX_CHARS } from "./text-limits.ts";

/** The language the essay is written in. */
export const ZEssayLanguage = ZWorkLanguage;

/** 6 characters, no look-alikes (0/O, 1/I/L). Entered by students, so trimmed and uppercased. */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 6;
export const ZJoinCode = z
  .string()
  .max(TOKEN_MAX_CHARS)
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().length(JOIN_CODE_LENGTH));

// ── teacher side ────────────────────────────────────────────────────────────

export const ZCreateClassRequest = z.object({
  name: z.string().trim().min(1).max(LABEL_MAX_CHARS),
  /** The teacher's label for the grade ("三年级", "Grade 8"). */
  grade: z.string().trim().min(1).max(50),
  subject: z.string().trim().min(1).max(50),
  /** The students' school year, 1–12; without it the server reads it from the label when it can ("三年级" → 3). */
  schoolYear: ZSchoolYear.optional(),
});
export type TCreateClassRequest = z.input<typeof ZCreateClassRequest>;

export const ZClassSummary = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string(),
  schoolYear: z.number().int().nullable(),
  subject: z.string(),
  joinCode: z.string(),
  studentCount: z.number().int(),
  assignmentCount: z.number().int(),
  createdAt: z.string(),
});
export type TClassSummary = z.infer<typeof ZClassSummary>;

export const ZClassStudent = z.object({
  id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  studentNumber: z.string(),
  joinedAt: z.string(),
});
export type TClassStudent = z.infer<typeof ZClassStudent>;

export const ZAddStudentRequest = z.object({
  /** Dial code plus number, as the account was registered ("+8613800138001"). */
  phoneNumber: z.string().trim().min(5).max(20),
  studentNumber: z.string().trim().max(SHORT_ID_MAX_CHARS).optional(),
});
export type TAddStudentRequest = z.input<typeof ZAddStudentRequest>;

export const ZCreateAssignmentRequest = z.object({
  title: z.string().trim().min(1).max(200),
  topic: z.string().trim().min(1).max(TOPIC_MAX_CHARS),
  /** Absent: the length the topic names, else the level's usual length for the genre. */
  targetLength: z.number().int().min(50).max(5000).optional(),
  language: ZEssayLanguage,
  /** Absent: the class's school year. */
  schoolYear: ZSchoolYear.optional(),
  /** Absent: recognised from the topic when graded. */
  genre: ZGenre.optional(),
  /** ISO date-time; optional (no deadline). */
  dueAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type TCreateAssignmentRequest = z.input<typeof ZCreateAssignmentRequest>;

export const ZAssignment = z.object({
  id: z.string(),
  classId: z.string(),
  className: z.string(),
  title: z.string(),
  topic: z.string(),
  /** The length essays are judged against; see `targetLengthSource`. */
  targetLength: z.number().int(),
  targetLengthSource: z.enum(TARGET_SOURCES),
  language: ZEssayLanguage,
  schoolYear: z.number().int().nullable(),
  genre: ZGenre.nullable(),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZTeacherAssignment = ZAssignment.extend({
  studentCount: z.number().int(),
  submittedCount: z.number().int(),
  gradedCount: z.number().int(),
  releasedCount: z.number().int(),
  /** Graded essays whose score the teacher set: from 3 on, the grader is calibrated on them. */
  teacherScoredCount: z.number().int(),
});
export type TTeacherAssignment = z.infer<typeof ZTeacherAssignment>;

/**
 * A phone number the teacher added to the class, waiting for its owner to accept. The teacher sees the phone
 * they typed and nothing about who holds it: whether it is a student's account stays the student's to reveal.
 */
export const ZPendingAddition = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  studentNumber: z.string().nullable(),
  addedAt: z.string(),
});
export type TPendingAddition = z.infer<typeof ZPendingAddition>;

export const ZClassDetail = ZClassSummary.extend({
  students: z.array(ZClassStudent),
  /** Phones added by the teacher that have not accepted yet. */
  pending: z.array(ZPendingAddition),
  assignments: z.array(ZTeacherAssignment),
});
export type TClassDetail = z.infer<typeof ZClassDetail>;

/** One row of an assignment's roster as the teacher sees it: every student, submitted or not. */
export const ZTeacherSubmissionRow = z.object({
  student: z.object({ id: z.string(), name: z.string(), studentNumber: z.string() }),
  submission: z
    .object({
      id: z.string(),
      manuscriptId: z.string(),
      status: ZManuscriptStatus,
      score: z.number().nullable(),
      grade: ZGradeBand.nullable(),
      submittedAt: z.string().nullable(),
      releasedAt: z.string().nullable(),
      late: z.boolean(),
    })
    .nullable(),
});
export type TTeacherSubmissionRow = z.infer<typeof ZTeacherSubmissionRow>;

export const ZAssignmentDetail = z.object({
  assignment: ZTeacherAssignment,
  rows: z.array(ZTeacherSubmissionRow),
});
export type TAssignmentDetail = z.infer<typeof ZAssignmentDetail>;

// ── student side ────────────────────────────────────────────────────────────

export const ZStudentClass = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string(),
  subject: z.string(),
  teacherName: z.string(),
  studentNumber: z.string(),
  joinedAt: z.string(),
});
export type TStudentClass = z.infer<typeof ZStudentClass>;

export const ZJoinClassRequest = z.object({ code: z.string().max(TOKEN_MAX_CHARS) });

/** A teacher's addition of the student's phone to a class, for the student to accept or decline. */
export const ZClassAddition = z.object({
  id: z.string(),
  classId: z.string(),
  name: z.string(),
  grade: z.string(),
  subject: z.string(),
  teacherName: z.string(),
  addedAt: z.string(),
});
export type TClassAddition = z.infer<typeof ZClassAddition>;

/**
 * What a student sees of their own work. `not_submitted`: no photo yet; `submitted`: photo in,
 * the teacher is reading or grading it; `returned`: the teacher released the report.
 * The score, feedback and text appear only once returned.
 */
export const STUDENT_SUBMISSION_STATES = ["not_submitted", "submitted", "returned"] as const;
export const ZStudentSubmissionState = z.enum(STUDENT_SUBMISSION_STATES);
export type TStudentSubmissionState = z.infer<typeof ZStudentSubmissionState>;

export const ZSubmissionReport = z.object({
  score: z.number(),
  grade: ZGradeBand,
  feedback: ZFeedback.nullable(),
  criteria: z.array(ZCriterionScore).nullable(),
  confirmedText: z.string(),
  studentName: z.string(),
  studentClass: z.string(),
  studentId: z.string(),
  teacherName: z.string(),
  topic: z.string(),
  schoolYear: z.number().int().nullable(),
  /** The genre the essay was judged as. */
  genre: ZGenre,
  /** Whether the total is the teacher's own. */
  teacherScored: z.boolean(),
  gradedAt: z.string(),
  /** Each page's part of the confirmed text, in page order; null when the text was confirmed as one. */
  pageTexts: z.array(z.string()).nullable(),
});
export type TSubmissionReport = z.infer<typeof ZSubmissionReport>;

/** A page photo of the student's essay, in reading order. */
export const ZSubmissionPage = z.object({
  id: z.string(),
  number: z.number().int(),
  /** `/api/student/submissions/<id>/pages/<page id>/image` */
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TSubmissionPage = z.infer<typeof ZSubmissionPage>;

export const ZStudentSubmission = z.object({
  id: z.string(),
  assignmentId: z.string(),
  state: ZStudentSubmissionState,
  /** The first page's photo once a photo is in, else "". */
  imageUrl: z.string(),
  /** Every page photo in reading order (at most MAX_PAGES). */
  pages: z.array(ZSubmissionPage),
  /** False once the teacher has confirmed the text: pages can no longer be added, moved or removed. */
  canUpload: z.boolean(),
  submittedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  report: ZSubmissionReport.nullable(),
});
export type TStudentSubmission = z.infer<typeof ZStudentSubmission>;

export const ZStudentAssignment = ZAssignment.extend({
  teacherName: z.string(),
  submission: ZStudentSubmission.nullable(),
});
export type TStudentAssignment = z.infer<typeof ZStudentAssignment>;

export const ZCreateSubmissionRequest = z.object({ assignmentId: z.string().max(TOKEN_MAX_CHARS) });

/** One released report in a student's history: which assignment, the score and when. */
export const ZHistoryReport = z.object({
  submissionId: z.string(),
  assignmentId: z.string(),
  assignmentTitle: z.string(),
  score: z.number(),
  grade: ZGradeBand,
  /** When the essay was graded (the trend's order is the assignments' order). */
  gradedAt: z.string(),
  releasedAt: z.string(),
});
export type THistoryReport = z.infer<typeof ZHistoryReport>;

/**
 * A student's released reports of one class, oldest assignment first, with their own trend: the average and the
 * change from the first report to the latest (null with fewer than two).
 */
export const ZStudentClassHistory = z.object({
  classId: z.string(),
  className: z.string(),
  teacherName: z.string(),
  reports: z.array(ZHistoryReport),
  average: z.number(),
  change: z.number().nullable(),
});
export type TStudentClassHistory = z.infer<typeof ZStudentClassHistory>;

export const ZStudentHistory = z.object({ classes: z.array(ZStudentClassHistory) });
export type TStudentHistory = z.infer<typeof ZStudentHistory>;
