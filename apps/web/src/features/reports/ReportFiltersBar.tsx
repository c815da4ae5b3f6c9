import { GRADE_BANDS, MANUSCRIPT_STATUSES, type TClassSummary, type TTeacherAssignment } from "@essay/contract";
import { useQuery } from "@tanstack/react-query";
import { Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/select.tsx";
import { ASSIGNMENTS_KEY, CLASSES_KEY, FRESH_ON_OPEN } from "../classes/classes-api.ts";
import type { ReportFilterState } from "./report-filters.ts";

const SEARCH_DELAY_MS = 300;

/** Search, class, assignment, band, status and date range; every change goes back to page 1. */
export function ReportFiltersBar({
  filters,
  onChange,
}: {
  filters: ReportFilterState;
  onChange: (next: ReportFilterState) => void;
}) {
  const { t } = useTranslation();
  const classes = useQuery<TClassSummary[]>({ queryKey: CLASSES_KEY, ...FRESH_ON_OPEN });
  const assignments = useQuery<TTeacherAssignment[]>({ queryKey: ASSIGNMENTS_KEY, ...FRESH_ON_OPEN });
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  // typing searches after a pause rather than once per key
  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, filters, onChange]);

  const set = (patch: Partial<ReportFilterState>) => onChange({ ...filters, ...patch, page: 1 });
  const shownAssignments = (assignments.data ?? []).filter((a) => !filters.classId || a.classId === filters.classId);
  const any =
    filters.q ||
    filters.classId ||
    filters.assignmentId ||
    filters.band ||
    filters.status ||
    filters.from ||
    filters.to;

  return (
    <form
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        set({ q });
      }}
      aria-label={t("reports.filters.label")}
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="report-q">{t("reports.filters.search")}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            id="report-q"
            type="search"
            className="pl-9"
            value={q}
            placeholder={t("reports.filters.searchPlaceholder")}
            onChange={(e) => setQ(e.target.value)}
            data-testid="report-search"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="report-class">{t("reports.filters.class")}</Label>
        <NativeSelect
          id="report-class"
          value={filters.classId}
          onChange={(e) => set({ classId: e.target.value, assignmentId: "" })}
          data-testid="class-filter"
        >
          <option value="">{t("reports.filters.allClasses")}</option>
          {(classes.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="report-assignment">{t("reports.filters.assignment")}</Label>
        <NativeSelect
          id="report-assignment"
          value={filters.assignmentId}
          onChange={(e) => set({ assignmentId: e.target.value })}
          data-testid="assignment-filter"
        >
          <option value="">{t("reports.filters.allAssignments")}</option>
          {shownAssignments.map((a) => (
            <option key={a.id} value={a.id}>
              {filters.classId ? a.title : `${a.className} · ${a.title}`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="report-band">{t("reports.filters.band")}</Label>
        <NativeSelect
          id="report-band"
          value={filters.band}
          onChange={(e) => set({ band: e.target.value as ReportFilterState["band"] })}
          data-testid="band-filter"
        >
          <option value="">{t("reports.filters.allBands")}</option>
          {GRADE_BANDS.map((b) => (
            <option key={b} value={b}>
              {t(`grading.band.${b}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="report-status">{t("reports.filters.status")}</Label>
        <NativeSelect
          id="report-status"
          value={filters.status}
          onChange={(e) => set({ status: e.target.value as ReportFilterState["status"] })}
          data-testid="status-filter"
        >
          <option value="">{t("reports.filters.allStatuses")}</option>
          {MANUSCRIPT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`reports.status.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="report-from">{t("reports.filters.from")}</Label>
        <Input
          id="report-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="report-to">{t("reports.filters.to")}</Label>
        <Input
          id="report-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
      {any ? (
        <div className="flex items-end">
          <Button
            variant="ghost"
            onClick={() =>
              onChange({ q: "", classId: "", assignmentId: "", band: "", status: "", from: "", to: "", page: 1 })
            }
          >
            <X aria-hidden="true" />
            {t("reports.filters.clear")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
