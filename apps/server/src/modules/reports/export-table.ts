import type { TReportRow, TWorkLanguage } from "@essay/contract";
import { DEFAULT_RUBRIC } from "@essay/grading";
import { EXPORT_LABELS } from "./export-labels.ts";

export type ExportCell = string | number | null;
export interface ExportTable {
  header: string[];
  rows: ExportCell[][];
}

/** The rubric's order first, then any other criterion in the order met. */
const KNOWN_ORDER = DEFAULT_RUBRIC.criteria.map((c) => c.key as string);

/**
 * The default rubric's criteria always (one layout whatever the filter, so files can be put side by side), then any
 * other criterion a row was graded on.
 */
function criterionColumns(rows: readonly TReportRow[]): { key: string; label: string; max: number }[] {
  const found = new Map<string, { key: string; label: string; max: number }>(
    DEFAULT_RUBRIC.criteria.map((c) => [c.key, { key: c.key, label: c.key, max: c.max }]),
  );
  for (const r of rows) for (const c of r.criteria) if (!found.has(c.key)) found.set(c.key, c);
  const rank = (k: string) => (KNOWN_ORDER.includes(k) ? KNOWN_ORDER.indexOf(k) : KNOWN_ORDER.length);
  return [...found.values()].sort((a, b) => rank(a.key) - rank(b.key));
}

/** "2026-03-05 14:07" in the teacher's time zone: one text both Excel and a CSV reader show as written. */
export function formatExportDate(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The report rows as one table in `language`: a column per criterion any row was graded on. */
export function exportTable(rows: readonly TReportRow[], language: TWorkLanguage, timeZone: string): ExportTable {
  const l = EXPORT_LABELS[language];
  const criteria = criterionColumns(rows);
  const header = [
    l.columns.studentName,
    l.columns.studentId,
    l.columns.className,
    l.columns.assignment,
    l.columns.topic,
    l.columns.status,
    l.columns.score,
    l.columns.band,
    ...criteria.map((c) => l.criterion(l.criteria[c.key] ?? c.label, c.max)),
    l.columns.teacherScored,
    l.columns.pages,
    l.columns.started,
    l.columns.graded,
  ];
  const body = rows.map((r) => {
    const byKey = new Map(r.criteria.map((c) => [c.key, c.score]));
    return [
      r.studentName,
      r.studentId,
      r.className ?? r.studentClass,
      r.assignmentTitle,
      r.topic,
      l.status[r.status],
      r.score,
      r.grade ? l.band[r.grade] : null,
      ...criteria.map((c) => byKey.get(c.key) ?? null),
      r.score === null ? null : r.teacherScored ? l.yes : l.no,
      r.pageCount,
      formatExportDate(r.createdAt, timeZone),
      formatExportDate(r.gradedAt, timeZone),
    ];
  });
  return { header, rows: body };
}
