import type { TReportRow } from "@essay/contract";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils.ts";
import { scoreClasses } from "../grading/score-style.ts";

const TONES: Record<TReportRow["status"], string> = {
  created: "bg-slate-100 text-slate-600",
  uploaded: "bg-amber-100 text-amber-800",
  ocr_completed: "bg-sky-100 text-sky-800",
  text_confirmed: "bg-indigo-100 text-indigo-800",
  graded: "bg-green-100 text-green-800",
};

export function ReportStatusBadge({ status }: { status: TReportRow["status"] }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium", TONES[status])}>
      {t(`reports.status.${status}`)}
    </span>
  );
}

/** The total out of 40 and its band, in the spec's colours (§9). */
export function ScoreWithBand({ row }: { row: Pick<TReportRow, "score" | "grade" | "teacherScored"> }) {
  const { t } = useTranslation();
  if (row.score === null || row.grade === null) return <span className="text-slate-400">—</span>;
  const tone = scoreClasses(row.score);
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className={cn("font-semibold", tone.text)} data-testid="report-score">
        {row.score}/40
      </span>
      <span className={cn("rounded-full border px-2 py-0.5 text-xs", tone.bg, tone.text)} data-testid="report-band">
        {t(`grading.band.${row.grade}`)}
      </span>
      {row.teacherScored ? (
        <span className="text-xs text-slate-500" title={t("reports.teacherScored")}>
          ✎<span className="sr-only">{t("reports.teacherScored")}</span>
        </span>
      ) : null}
    </span>
  );
}
