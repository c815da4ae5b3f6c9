import type { TAssignmentAnalytics, TGradeBand } from "@essay/contract";
import { GRADE_BANDS } from "@essay/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { describeError } from "../../lib/error-message.ts";
import { trendPoints } from "../../lib/trend-points.ts";
import { cn } from "../../lib/utils.ts";
import { FRESH_ON_OPEN } from "../classes/classes-api.ts";
import { scoreClasses } from "../grading/score-style.ts";
import { type ChartOption, EChart } from "./EChart.tsx";

/** Spec §9 colours of the bands. */
const BAND_COLOURS: Record<TGradeBand, string> = {
  excellent: "#9333ea",
  good: "#16a34a",
  pass: "#2563eb",
  needs_improvement: "#ca8a04",
  fail: "#dc2626",
};

function MiniTrend({ scores }: { scores: (number | null)[] }) {
  const { t } = useTranslation();
  const known = scores.filter((s): s is number => s !== null);
  if (known.length === 0) return <span className="text-slate-400">—</span>;
  const points = trendPoints(known, 96, 28, 4);
  return (
    <svg
      viewBox="0 0 96 28"
      className="h-7 w-24"
      role="img"
      aria-label={t("classes.analytics.trendOf", { scores: known.join(", ") })}
    >
      <polyline points={points.map((p) => p.join(",")).join(" ")} fill="none" stroke="#4f46e5" strokeWidth="1.5" />
      {points.map(([x, y], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: points have no identity beyond their order
        <circle key={i} cx={x} cy={y} r="2" fill="#4f46e5" />
      ))}
    </svg>
  );
}

/** The analytics tab of an assignment: loaded with its chart library only when the tab is opened. */
export default function AssignmentAnalytics({ assignmentId }: { assignmentId: string }) {
  const { t, i18n } = useTranslation();
  const q = useQuery<TAssignmentAnalytics>({
    queryKey: ["/api/assignments", assignmentId, "analytics"],
    ...FRESH_ON_OPEN,
  });
  const data = q.data;

  const bandOption = useMemo<ChartOption | null>(() => {
    if (!data) return null;
    return {
      grid: { left: 36, right: 12, top: 16, bottom: 48 },
      tooltip: { trigger: "axis" },
      xAxis: {
        type: "category",
        data: GRADE_BANDS.map((b) => t(`grading.band.${b}`)),
        axisLabel: { interval: 0, rotate: GRADE_BANDS.length > 4 ? 20 : 0 },
      },
      yAxis: { type: "value", minInterval: 1 },
      series: [
        {
          type: "bar",
          data: GRADE_BANDS.map((b) => ({ value: data.bands[b], itemStyle: { color: BAND_COLOURS[b] } })),
          label: { show: true, position: "top" },
        },
      ],
    } as ChartOption;
  }, [data, t]);

  const criteriaOption = useMemo<ChartOption | null>(() => {
    if (!data) return null;
    const names = data.criteria.map((c) => t(`grading.criteria.${c.key}`, { defaultValue: c.label }));
    return {
      grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
      tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
      xAxis: { type: "value", max: Math.max(...data.criteria.map((c) => c.max), 1) },
      yAxis: { type: "category", data: names, inverse: true },
      series: [
        {
          type: "bar",
          name: t("classes.analytics.maximum"),
          data: data.criteria.map((c) => c.max),
          itemStyle: { color: "#e2e8f0" },
          barGap: "-100%",
          silent: true,
        },
        {
          type: "bar",
          name: t("classes.analytics.averageLabel"),
          data: data.criteria.map((c) => c.average),
          itemStyle: { color: "#4f46e5" },
          label: {
            show: true,
            position: "right",
            formatter: (p: { dataIndex: number }) =>
              `${data.criteria[p.dataIndex]?.average ?? ""} / ${data.criteria[p.dataIndex]?.max ?? ""}`,
          },
        },
      ],
    } as ChartOption;
    // the language changes the labels
  }, [data, t]);

  if (q.isLoading) return <Spinner label={t("common.loading")} />;
  if (q.error || !data)
    return (
      <p className="text-sm text-red-700" role="alert">
        {describeError(t, q.error)}
      </p>
    );
  if (data.gradedCount === 0)
    return (
      <Card>
        <CardContent className="py-8 text-center text-sm text-slate-500" data-testid="analytics-empty">
          {t("classes.analytics.empty")}
        </CardContent>
      </Card>
    );

  const bandText = GRADE_BANDS.map((b) => `${t(`grading.band.${b}`)} ${data.bands[b]}`).join(", ");
  const criteriaText = data.criteria
    .map((c) => `${t(`grading.criteria.${c.key}`, { defaultValue: c.label })} ${c.average}/${c.max}`)
    .join(", ");
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 print:block" data-testid="analytics" lang={i18n.language}>
      <Card className="lg:col-span-2">
        <CardContent className="flex flex-wrap gap-6 pt-6 text-sm">
          <span data-testid="analytics-average">{t("classes.analytics.average", { n: data.average ?? 0 })}</span>
          <span>{t("classes.analytics.graded", { graded: data.gradedCount, total: data.studentCount })}</span>
          <span>{t("classes.analytics.belowPassCount", { count: data.belowPass.length })}</span>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("classes.analytics.bands")}</CardTitle>
        </CardHeader>
        <CardContent>
          {bandOption ? <EChart option={bandOption} label={bandText} testId="chart-bands" /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("classes.analytics.criteria")}</CardTitle>
          <CardDescription>{t("classes.analytics.criteriaDesc")}</CardDescription>
        </CardHeader>
        <CardContent>
          {criteriaOption ? (
            <EChart option={criteriaOption} label={criteriaText} height={200} testId="chart-criteria" />
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("classes.analytics.errors")}</CardTitle>
          <CardDescription>{t("classes.analytics.errorsDesc")}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.errors.length === 0 ? (
            <p className="text-sm text-slate-500">{t("classes.analytics.noErrors")}</p>
          ) : (
            <table className="w-full text-sm" data-testid="analytics-errors">
              <thead className="text-left text-xs text-slate-500">
                <tr>
                  <th className="py-1 pr-2 font-medium">{t("classes.analytics.errorKind")}</th>
                  <th className="py-1 pr-2 font-medium">{t("classes.analytics.error")}</th>
                  <th className="py-1 pr-2 text-right font-medium">{t("classes.analytics.times")}</th>
                  <th className="py-1 text-right font-medium">{t("classes.analytics.students")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.errors.map((e) => (
                  <tr key={`${e.family}-${e.original}-${e.suggested}`} data-testid="analytics-error">
                    <td className="py-1.5 pr-2">
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
                        {t(`classes.analytics.families.${e.family}`)}
                      </span>
                    </td>
                    <td className="py-1.5 pr-2">
                      <span className="text-red-700 line-through">{e.original}</span> →{" "}
                      <span className="font-medium text-green-700">{e.suggested}</span>
                    </td>
                    <td className="py-1.5 pr-2 text-right">{e.count}</td>
                    <td className="py-1.5 text-right">{e.students}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("classes.analytics.belowPass")}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.belowPass.length === 0 ? (
            <p className="text-sm text-slate-500">{t("classes.analytics.noneBelowPass")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="analytics-below-pass">
              {data.belowPass.map((s) => (
                <li key={s.studentId} className="flex justify-between py-1.5">
                  <span>
                    {s.name} <span className="font-mono text-xs text-slate-500">{s.studentNumber}</span>
                  </span>
                  <span className={cn("font-semibold", scoreClasses(s.score).text)}>{s.score}/40</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-lg">{t("classes.analytics.trends")}</CardTitle>
          <CardDescription>
            {t("classes.analytics.trendsDesc", { titles: data.assignments.map((a) => a.title).join(" → ") })}
          </CardDescription>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          <table className="w-full min-w-[360px] text-sm" data-testid="analytics-students">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1 pr-2 font-medium">{t("classes.studentName")}</th>
                <th className="py-1 pr-2 font-medium">{t("classes.score")}</th>
                <th className="py-1 font-medium">{t("classes.analytics.trend")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.students.map((s) => (
                <tr key={s.studentId} data-testid="analytics-student">
                  <td className="py-1.5 pr-2">
                    {s.name} <span className="font-mono text-xs text-slate-500">{s.studentNumber}</span>
                  </td>
                  <td className={cn("py-1.5 pr-2 font-semibold", s.score !== null && scoreClasses(s.score).text)}>
                    {s.score !== null ? `${s.score}/40` : "—"}
                  </td>
                  <td className="py-1.5">
                    <MiniTrend scores={s.trend} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
