import { bandForScore, MAX_SCORE, type TManuscript } from "@essay/contract";
import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { formatDateTime } from "../../lib/format-date.ts";
import { cn } from "../../lib/utils.ts";
import { exportReportPng, REPORT_WIDTH, reportFileName } from "./export-report.ts";
import { scoreClasses } from "./score-style.ts";

/** The full report as it is exported: a fixed 800 px column, so the PNG looks the same on every screen. */
export function ReportPreview({ manuscript }: { manuscript: TManuscript }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const score = manuscript.score ?? 0;
  const style = scoreClasses(score);
  const title = t("grading.report.title");

  const exportPng = async () => {
    if (!ref.current) return;
    setExporting(true);
    try {
      await exportReportPng(ref.current, reportFileName(title, manuscript.studentName, manuscript.studentId));
      toast({ title: t("grading.toast.exported"), variant: "success" });
    } finally {
      setExporting(false);
    }
  };

  const pages = manuscript.pages;
  const info = [
    [t("grading.report.student"), manuscript.studentName],
    [t("grading.report.class"), manuscript.studentClass],
    [t("grading.report.studentId"), manuscript.studentId],
    [t("grading.report.teacher"), manuscript.teacherName],
    ...(manuscript.schoolYear ? [[t("grading.report.level"), t(`levels.year.${manuscript.schoolYear}`)] as const] : []),
    [t("grading.report.genre"), t(`levels.genres.${manuscript.effectiveGenre}`)],
    ...(pages.length > 1 ? [[t("grading.report.pages"), String(pages.length)]] : []),
  ] as const;
  // the text page by page when it was confirmed so; else the confirmed text as one
  const byPage = pages.length > 1 && pages.every((p) => p.confirmedText !== null);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="text-lg">{t("grading.report.preview")}</CardTitle>
        <Button onClick={() => void exportPng()} disabled={exporting} data-testid="export-png">
          <Download aria-hidden="true" />
          {exporting ? t("grading.report.exporting") : t("grading.report.export")}
        </Button>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-100 p-2 sm:p-4">
          <div
            ref={ref}
            data-testid="report"
            className="mx-auto flex flex-col gap-6 bg-white p-10 text-slate-900"
            style={{ width: REPORT_WIDTH }}
          >
            <header className="flex items-start justify-between gap-6 border-b-2 border-brand-600 pb-5">
              <div>
                <h2 className="text-2xl font-bold text-brand-700">{title}</h2>
                <p className="mt-1 text-sm text-slate-500">
                  {t("grading.report.date")}: {formatDateTime(manuscript.updatedAt, i18n.language)}
                </p>
              </div>
              <div className={cn("flex flex-col items-center rounded-xl border px-6 py-3", style.bg)}>
                <span className={cn("text-4xl font-bold tabular-nums", style.text)}>{score}</span>
                <span className="text-xs text-slate-500">/ {MAX_SCORE}</span>
                <span className={cn("text-sm font-semibold", style.text)}>
                  {t(`grading.band.${manuscript.grade ?? bandForScore(score)}`)}
                </span>
                {manuscript.teacherScore !== null ? (
                  <span className="text-xs text-slate-500" data-testid="report-teacher-total">
                    {t("grading.report.teacherTotal")}
                  </span>
                ) : null}
              </div>
            </header>
            <dl className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm">
              {info.map(([label, value]) => (
                <div key={label} className="flex gap-2">
                  <dt className="text-slate-500">{label}:</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            <section>
              <h3 className="mb-1 font-semibold text-brand-700">{t("grading.report.topic")}</h3>
              <p className="text-sm leading-relaxed text-slate-700">{manuscript.topic}</p>
            </section>
            {manuscript.criteria?.length ? (
              <section>
                <h3 className="mb-2 font-semibold text-brand-700">{t("grading.result.criteria")}</h3>
                <table className="w-full text-sm">
                  <tbody>
                    {manuscript.criteria.map((c) => (
                      <tr key={c.key} className="border-b border-slate-100" data-testid="report-criterion">
                        <td className="py-1.5">{t(`grading.criteria.${c.key}`, { defaultValue: c.label })}</td>
                        <td className="py-1.5 text-right text-xs text-brand-700">
                          {c.teacherScore !== null && c.teacherScore !== undefined
                            ? t("grading.report.teacherScored", { score: c.machineScore })
                            : null}
                        </td>
                        <td className="py-1.5 text-right font-medium tabular-nums">
                          {c.score} / {c.max}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ) : null}
            <section>
              <h3 className="mb-1 font-semibold text-brand-700">{t("grading.report.text")}</h3>
              {byPage ? (
                <div className="flex flex-col gap-3 rounded-md bg-slate-50 p-4" data-testid="report-pages">
                  {pages.map((p) => (
                    <div key={p.id}>
                      <p className="mb-1 text-xs font-semibold text-slate-500">
                        {t("grading.pages.pageOf", { number: p.number, total: pages.length })}
                      </p>
                      <p className="whitespace-pre-wrap text-sm leading-relaxed">{p.confirmedText}</p>
                    </div>
                  ))}
                </div>
              ) : (
                <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-4 text-sm leading-relaxed">
                  {manuscript.confirmedText}
                </p>
              )}
            </section>
            {manuscript.feedback ? (
              <>
                <section>
                  <h3 className="mb-1 font-semibold text-brand-700">{t("grading.result.overall")}</h3>
                  <p className="text-sm leading-relaxed">{manuscript.feedback.overall}</p>
                </section>
                <section>
                  <h3 className="mb-1 font-semibold text-green-700">{t("grading.result.strengths")}</h3>
                  <ol className="list-decimal pl-6 text-sm leading-relaxed">
                    {manuscript.feedback.strengths.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                    {manuscript.feedback.strengths.length === 0 ? (
                      <li className="list-none text-slate-500">{t("grading.result.none")}</li>
                    ) : null}
                  </ol>
                </section>
                <section>
                  <h3 className="mb-1 font-semibold text-amber-700">{t("grading.result.improvements")}</h3>
                  <ol className="list-decimal pl-6 text-sm leading-relaxed">
                    {manuscript.feedback.improvements.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                    {manuscript.feedback.improvements.length === 0 ? (
                      <li className="list-none text-slate-500">{t("grading.result.none")}</li>
                    ) : null}
                  </ol>
                </section>
              </>
            ) : null}
            <footer className="border-t border-slate-200 pt-4 text-center text-sm font-medium text-brand-700">
              {t("grading.report.slogan")}
            </footer>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
