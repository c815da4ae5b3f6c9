import { MAX_SCORE, type TManuscript } from "@essay/contract";
import { ChevronDown, ChevronUp, ListChecks } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../lib/utils.ts";
import type { Draft } from "./draft.ts";
import { scoreClasses } from "./score-style.ts";

/** Spec §9: criteria rows at 35, 30, 25, 20 and 15 points. */
const ROWS = [35, 30, 25, 20, 15] as const;

/** The grading standards, measured against the essay's school year when one is set. */
export function StandardsCard({ manuscript, draft }: { manuscript?: TManuscript; draft: Draft }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const year = manuscript ? manuscript.schoolYear : draft.schoolYear;
  return (
    <Card data-testid="standards-card">
      <CardHeader className="flex-row items-center justify-between pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <ListChecks className="size-5 text-brand-600" aria-hidden="true" />
          {t("grading.standards.title")}
        </CardTitle>
        <span className="text-sm text-slate-500">{t("grading.standards.total", { max: MAX_SCORE })}</span>
      </CardHeader>
      <CardContent>
        {year ? (
          <p className="mb-2 text-sm text-slate-600" data-testid="standards-level">
            {t("grading.standards.levelNote", { level: t(`levels.year.${year}`) })}
          </p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {ROWS.map((points, index) => (
            <li
              key={points}
              // Small screens show the top band only until expanded; large screens always show all rows.
              className={cn(
                "rounded-md border p-3",
                scoreClasses(points).bg,
                index > 0 && !expanded && "hidden lg:block",
              )}
            >
              <p className={cn("text-sm font-semibold", scoreClasses(points).text)}>
                {t("grading.standards.points", { points })}
              </p>
              <p className="text-sm text-slate-700">{t(`grading.standards.d${points}`)}</p>
            </li>
          ))}
        </ul>
        <Button variant="link" size="sm" className="mt-1 px-0 lg:hidden" onClick={() => setExpanded((v) => !v)}>
          {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {expanded ? t("grading.standards.showLess") : t("grading.standards.showAll")}
        </Button>
      </CardContent>
    </Card>
  );
}
