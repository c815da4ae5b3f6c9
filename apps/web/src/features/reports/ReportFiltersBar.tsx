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
      <FilterSelect
        id="report-class"
        label={t("reports.filters.class")}
        all={t("reports.filters.allClasses")}
        value={filters.classId}
        onChange={(classId) => set({ classId, assignmentId: "" })}
        options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        testId="class-filter"
      />
      <FilterSelect
        id="report-assignment"
        label={t("reports.filters.assignment")}
        all={t("reports.filters.allAssignments")}
        value={filters.assignmentId}
        onChange={(assignmentId) => set({ assignmentId })}
        options={shownAssignments.map((a) => ({
          value: a.id,
          label: filters.classId ? a.title : `${a.className} · ${a.title}`,
        }))}
        testId="assignment-filter"
      />
      <FilterSelect
        id="report-band"
        label={t("reports.filters.band")}
        all={t("reports.filters.allBands")}
        value={filters.band}
        onChange={(band) => set({ band: band as ReportFilterState["band"] })}
        options={GRADE_BANDS.map((b) => ({ value: b, label: t(`grading.band.${b}`) }))}
        testId="band-filter"
      />
      <FilterSelect
        id="report-status"
        label={t("reports.filters.status")}
        all={t("reports.filters.allStatuses")}
        value={filters.status}
        onChange={(status) => set({ status: status as ReportFilterState["status"] })}
        options={MANUSCRIPT_STATUSES.map((st) => ({ value: st, label: t(`reports.status.${st}`) }))}
        testId="status-filter"
      />
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

/** A labelled filter: "all" (the empty value) first, then the options. */
function FilterSelect({
  id,
  label,
  all,
  value,
  onChange,
  options,
  testId,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
