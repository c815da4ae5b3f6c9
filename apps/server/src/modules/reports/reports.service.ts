import {
  REPORTS_EXPORT_MAX,
  type TReportExportFormat,
  type TReportList,
  type TReportRow,
  type TWorkLanguage,
  type ZReportFilters,
} from "@essay/contract";
import type { Queryable } from "../../db/client.ts";
import { toCsv, toXlsx } from "./export-files.ts";
import { EXPORT_LABELS } from "./export-labels.ts";
import { exportTable } from "./export-table.ts";
import { countReports, type ReportRecord, type ReportWhere, selectReports } from "./reports.repo.ts";

type ParsedFilters = ReturnType<typeof ZReportFilters.parse>;

export function reportWhere(userId: string, f: ParsedFilters): ReportWhere {
  return {
    userId,
    q: f.q || undefined,
    classId: f.classId,
    assignmentId: f.assignmentId,
    band: f.band,
    status: f.status,
    from: f.from ? new Date(f.from) : undefined,
    to: f.to ? new Date(f.to) : undefined,
  };
}

export function toReportRow(r: ReportRecord): TReportRow {
  const teacher = r.m.teacherCriteria ?? {};
  return {
    id: r.m.id,
    studentName: r.m.studentName,
    studentId: r.m.studentId,
    studentClass: r.m.studentClass,
    classId: r.classId,
    className: r.className,
    assignmentId: r.assignmentId,
    assignmentTitle: r.assignmentTitle,
    submissionId: r.submissionId,
    topic: r.m.topic,
    status: r.m.status,
    score: r.m.score,
    grade: r.m.grade,
    teacherScored: r.m.teacherScore !== null,
    criteria: (r.m.criteria ?? []).map((c) => ({
      key: c.key,
      label: c.label,
      score: teacher[c.key] ?? c.score,
      max: c.max,
    })),
    pageCount: r.pageCount,
    createdAt: r.m.createdAt.toISOString(),
    gradedAt: r.m.gradedAt?.toISOString() ?? null,
  };
}

/** The teacher's essays across the grading screen and every class: a paged, filtered list. Owner only. */
export class ReportsService {
  constructor(private readonly db: Queryable) {}

  async list(userId: string, filters: ParsedFilters, page: number, pageSize: number): Promise<TReportList> {
    const where = reportWhere(userId, filters);
    const [rows, total] = await Promise.all([
      selectReports(this.db, where, pageSize, (page - 1) * pageSize),
      countReports(this.db, where),
    ]);
    return { items: rows.map(toReportRow), total, page, pageSize };
  }

  /** Every row the filters select (up to `max`), for an export. */
  async all(userId: string, filters: ParsedFilters, max: number): Promise<TReportRow[]> {
    const rows = await selectReports(this.db, reportWhere(userId, filters), max, 0);
    return rows.map(toReportRow);
  }

  /**
   * The filtered rows (newest first, at most REPORTS_EXPORT_MAX) as a CSV or XLSX file in `language`, dates in
   * `timeZone`.
   */
  async exportFile(
    userId: string,
    filters: ParsedFilters,
    format: TReportExportFormat,
    language: TWorkLanguage,
    timeZone: string,
  ): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
    const table = exportTable(await this.all(userId, filters, REPORTS_EXPORT_MAX), language, timeZone);
    const labels = EXPORT_LABELS[language];
    const day = new Date().toISOString().slice(0, 10);
    if (format === "csv") {
      return {
        bytes: Buffer.from(toCsv(table), "utf8"),
        contentType: "text/csv; charset=utf-8",
        fileName: `${labels.file}-${day}.csv`,
      };
    }
    return {
      bytes: await toXlsx(table, labels.sheet),
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      fileName: `${labels.file}-${day}.xlsx`,
    };
  }
}
