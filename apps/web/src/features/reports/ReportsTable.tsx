import type { TReportRow } from "@essay/contract";
import { ExternalLink, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { formatDateTime } from "../../lib/format-date.ts";
import { ReportStatusBadge, ScoreWithBand } from "./ReportStatus.tsx";

/** The grading screen in the essay's saved state (and, for a submission, the way back to its assignment). */
export function openLink(row: TReportRow): string {
  const params = new URLSearchParams({ manuscript: row.id });
  if (row.assignmentId) params.set("assignment", row.assignmentId);
  return `/?${params}`;
}

export function ReportsTable({ rows, onDelete }: { rows: TReportRow[]; onDelete: (row: TReportRow) => void }) {
  const { t, i18n } = useTranslation();
  return (
    // relative: the header's screen-reader-only label is absolutely placed and would otherwise widen the phone's page
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[640px] text-sm" data-testid="reports-table">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="py-2 pr-3 font-medium">{t("reports.columns.student")}</th>
            <th className="py-2 pr-3 font-medium">{t("reports.columns.class")}</th>
            <th className="hidden py-2 pr-3 font-medium lg:table-cell">{t("reports.columns.topic")}</th>
            <th className="py-2 pr-3 font-medium">{t("reports.columns.status")}</th>
            <th className="py-2 pr-3 font-medium">{t("reports.columns.score")}</th>
            <th className="py-2 pr-3 font-medium">{t("reports.columns.date")}</th>
            <th className="py-2 font-medium">
              <span className="sr-only">{t("reports.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="report-row" className="align-top">
              <td className="py-2 pr-3">
                <div className="font-medium text-slate-900">{row.studentName}</div>
                <div className="font-mono text-xs text-slate-500">{row.studentId}</div>
              </td>
              <td className="py-2 pr-3">
                <div>{row.className ?? row.studentClass}</div>
                {row.assignmentTitle ? (
                  <div className="text-xs text-slate-500">{row.assignmentTitle}</div>
                ) : (
                  <div className="text-xs text-slate-400">{t("reports.noAssignment")}</div>
                )}
              </td>
              <td className="hidden max-w-[16rem] py-2 pr-3 lg:table-cell">
                <span className="line-clamp-2 text-slate-600" title={row.topic}>
                  {row.topic || t("reports.noTopic")}
                </span>
              </td>
              <td className="py-2 pr-3">
                <ReportStatusBadge status={row.status} />
              </td>
              <td className="py-2 pr-3">
                <ScoreWithBand row={row} />
              </td>
              <td className="whitespace-nowrap py-2 pr-3 text-xs text-slate-600">
                {formatDateTime(row.gradedAt ?? row.createdAt, i18n.language)}
              </td>
              <td className="py-2">
                <div className="flex justify-end gap-1">
                  <Button asChild size="sm" variant="outline">
                    <Link to={openLink(row)} data-testid="open-report">
                      <ExternalLink aria-hidden="true" />
                      {t("reports.open")}
                    </Link>
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-9 text-red-600 hover:text-red-700"
                    disabled={row.submissionId !== null}
                    title={row.submissionId ? t("reports.delete.submission") : t("reports.delete.action")}
                    aria-label={t("reports.delete.actionFor", { name: row.studentName })}
                    onClick={() => onDelete(row)}
                    data-testid="delete-report"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
