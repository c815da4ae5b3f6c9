import type { TStudentClassHistory, TStudentHistory } from "@essay/contract";
import { useQuery } from "@tanstack/react-query";
import { LineChart, TrendingDown, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { describeError } from "../../lib/error-message.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { trendPoints } from "../../lib/trend-points.ts";
import { cn } from "../../lib/utils.ts";
import { FRESH_ON_OPEN, MY_HISTORY_KEY } from "../classes/classes-api.ts";
import { scoreClasses } from "../grading/score-style.ts";

const W = 240;
const H = 64;

/** The student's own scores across a class's assignments: a line over the 0–40 scale, each report a dot. */
function Trend({ history }: { history: TStudentClassHistory }) {
  const { t } = useTranslation();
  const points = trendPoints(
    history.reports.map((r) => r.score),
    W,
    H,
    6,
  );
  const label = t("student.history.trendLabel", {
    scores: history.reports.map((r) => r.score).join(", "),
  });
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-16 w-full max-w-[240px]" role="img" aria-label={label}>
      {/* the pass line (25) */}
      <line
        x1="0"
        x2={W}
        y1={6 + (H - 12) * (1 - 25 / 40)}
        y2={6 + (H - 12) * (1 - 25 / 40)}
        stroke="#cbd5e1"
        strokeDasharray="4 3"
      />
      <polyline points={points.map((p) => p.join(",")).join(" ")} fill="none" stroke="#4f46e5" strokeWidth="2" />
      {points.map(([x, y], i) => (
        <circle key={history.reports[i]?.submissionId ?? i} cx={x} cy={y} r="3.5" fill="#4f46e5" />
      ))}
    </svg>
  );
}

function Change({ change }: { change: number | null }) {
  const { t } = useTranslation();
  if (change === null) return <span className="text-xs text-slate-500">{t("student.history.first")}</span>;
  const up = change >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span
      className={cn("inline-flex items-center gap-1 text-xs font-medium", up ? "text-green-700" : "text-red-700")}
      data-testid="history-change"
    >
      <Icon className="size-4" aria-hidden="true" />
      {t(up ? "student.history.up" : "student.history.down", { n: Math.abs(change) })}
    </span>
  );
}

/** My returned reports per class, with my own trend. */
export function HistoryCard() {
  const { t, i18n } = useTranslation();
  const history = useQuery<TStudentHistory>({ queryKey: MY_HISTORY_KEY, ...FRESH_ON_OPEN });
  return (
    <Card data-testid="history">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <LineChart className="size-5 text-brand-600" aria-hidden="true" />
          {t("student.history.title")}
        </CardTitle>
        <CardDescription>{t("student.history.intro")}</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isLoading ? (
          <Spinner label={t("common.loading")} />
        ) : history.error ? (
          <p className="text-sm text-red-700" role="alert">
            {describeError(t, history.error)}
          </p>
        ) : !history.data?.classes.length ? (
          <p className="text-sm text-slate-500" data-testid="history-empty">
            {t("student.history.empty")}
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            {history.data.classes.map((c) => (
              <section key={c.classId} data-testid="history-class" aria-label={c.className}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold">{c.className}</h3>
                  <span className="text-xs text-slate-500">{c.teacherName}</span>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-4">
                  <Trend history={c} />
                  <div className="flex flex-col gap-1 text-sm">
                    <span data-testid="history-average">{t("student.history.average", { n: c.average })}</span>
                    <Change change={c.change} />
                  </div>
                </div>
                <ol className="mt-2 divide-y divide-slate-100 text-sm">
                  {c.reports.map((r) => (
                    <li
                      key={r.submissionId}
                      className="flex items-center justify-between gap-3 py-1.5"
                      data-testid="history-report"
                    >
                      <Link
                        to={`/student/submissions/${r.submissionId}`}
                        className="truncate text-brand-700 hover:underline"
                      >
                        {r.assignmentTitle}
                      </Link>
                      <span className="flex shrink-0 items-center gap-3">
                        <span className="hidden text-xs text-slate-500 sm:inline">
                          {formatDateTime(r.gradedAt, i18n.language)}
                        </span>
                        <span className={cn("font-semibold", scoreClasses(r.score).text)}>{r.score}/40</span>
                        <span className="text-xs text-slate-600">{t(`grading.band.${r.grade}`)}</span>
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
