import { GRADE_BANDS, MANUSCRIPT_STATUSES, type TGradeBand, type TManuscriptStatus } from "@essay/contract";

/** The reports page's filters as they live in the address bar (so Back from an opened essay keeps them). */
export interface ReportFilterState {
  q: string;
  classId: string;
  assignmentId: string;
  band: TGradeBand | "";
  status: TManuscriptStatus | "";
  /** yyyy-mm-dd, the browser's own days. */
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(params: URLSearchParams): ReportFilterState {
  const band = params.get("band") ?? "";
  const status = params.get("status") ?? "";
  const page = Number(params.get("page") ?? "1");
  const day = (k: string) => {
    const v = params.get(k) ?? "";
    return DAY.test(v) ? v : "";
  };
  return {
    q: params.get("q") ?? "",
    classId: params.get("classId") ?? "",
    assignmentId: params.get("assignmentId") ?? "",
    band: (GRADE_BANDS as readonly string[]).includes(band) ? (band as TGradeBand) : "",
    status: (MANUSCRIPT_STATUSES as readonly string[]).includes(status) ? (status as TManuscriptStatus) : "",
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address bar's form: empty filters and page 1 are left out. */
export function writeFilters(f: ReportFilterState): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of ["q", "classId", "assignmentId", "band", "status", "from", "to"] as const) {
    const v = f[k].trim();
    if (v) out.set(k, v);
  }
  if (f.page > 1) out.set("page", String(f.page));
  return out;
}

/** Local midnight of a yyyy-mm-dd day, `plusDays` later. */
function localMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
}

/**
 * The API's query: the date range becomes instants at the browser's midnights, the last day included (`to` is the
 * midnight after it), so "from 3 to 5 March" means those three days where the teacher is.
 */
export function apiQuery(f: ReportFilterState, pageSize: number): URLSearchParams {
  const out = new URLSearchParams();
  if (f.q.trim()) out.set("q", f.q.trim());
  if (f.classId) out.set("classId", f.classId);
  if (f.assignmentId) out.set("assignmentId", f.assignmentId);
  if (f.band) out.set("band", f.band);
  if (f.status) out.set("status", f.status);
  if (f.from) out.set("from", localMidnight(f.from).toISOString());
  if (f.to) out.set("to", localMidnight(f.to, 1).toISOString());
  out.set("page", String(f.page));
  out.set("pageSize", String(pageSize));
  return out;
}
