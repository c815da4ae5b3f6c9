import { z } from "zod";
import { ZWorkLanguage } from "./config.ts";
import { ZGradeBand, ZManuscriptStatus } from "./manuscripts.ts";
import { REPORT_EXPORT_FORMATS, REPORTS_MAX_PAGE_SIZE } from "./report-limits.ts";

const ZUuidOrEmpty = z
  .string()
  .trim()
  .transform((s) => s || undefined)
  .pipe(z.uuid().optional());

/**
 * Filters of the reports page (query string). `q` searches the student's name and student number; `from`/`to` bound
 * the date the essay was started (`to` exclusive), as ISO date-times so the browser decides where a day begins.
 */
export const ZReportFilters = z.object({
  q: z.string().trim().max(100).optional(),
  classId: ZUuidOrEmpty.optional(),
  assignmentId: ZUuidOrEmpty.optional(),
  band: ZGradeBand.optional(),
  status: ZManuscriptStatus.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TReportFilters = z.input<typeof ZReportFilters>;

export const ZReportListQuery = ZReportFilters.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(REPORTS_MAX_PAGE_SIZE).default(20),
});
export type TReportListQuery = z.input<typeof ZReportListQuery>;

/** One criterion's score on a report row (the export's per-criterion columns). */
export const ZReportCriterion = z.object({ key: z.string(), label: z.string(), score: z.number(), max: z.number() });

/** One essay the teacher graded or started, as the reports list shows it. */
export const ZReportRow = z.object({
  /** The manuscript: `/?manuscript=<id>` opens it on the grading screen. */
  id: z.string(),
  studentName: z.string(),
  studentId: z.string(),
  /** The class typed on the grading screen, or the roster's "grade name" for a submission. */
  studentClass: z.string(),
  /** The class and assignment when the essay is a student's submission; null for an essay graded on its own. */
  classId: z.string().nullable(),
  className: z.string().nullable(),
  assignmentId: z.string().nullable(),
  assignmentTitle: z.string().nullable(),
  submissionId: z.string().nullable(),
  topic: z.string(),
  status: ZManuscriptStatus,
  score: z.number().nullable(),
  grade: ZGradeBand.nullable(),
  /** Whether the total is the teacher's own. */
  teacherScored: z.boolean(),
  criteria: z.array(ZReportCriterion),
  pageCount: z.number().int(),
  createdAt: z.string(),
  gradedAt: z.string().nullable(),
});
export type TReportRow = z.infer<typeof ZReportRow>;

export const ZReportList = z.object({
  items: z.array(ZReportRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TReportList = z.infer<typeof ZReportList>;

/**
 * The filtered rows as a file: `format`, the interface language of the headers and words (`lang`, default the
 * teacher's work language) and the browser's time zone for the dates (`tz`, an IANA name; default UTC).
 */
export const ZReportExportQuery = ZReportFilters.extend({
  format: z.enum(REPORT_EXPORT_FORMATS),
  lang: ZWorkLanguage.optional(),
  tz: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "unknown time zone")
    .optional(),
});
export type TReportExportQuery = z.input<typeof ZReportExportQuery>;
