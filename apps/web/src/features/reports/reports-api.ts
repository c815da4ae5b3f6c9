import type { TReportList } from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

/** Query keys are GET paths: one key per filtered page. */
export const REPORTS_KEY = ["/api/reports"] as const;
export const reportsPageKey = (query: URLSearchParams) => [`/api/reports?${query}`] as const;

export const reportsApi = {
  /** Removes the essay, its pages and their photos (`409 MANUSCRIPT_IS_SUBMISSION` for a student's submission). */
  remove: (manuscriptId: string) => apiJson<null>("DELETE", `/api/manuscripts/${manuscriptId}`),
};

/**
 * The download address of the filtered rows as a file, in the interface language and the browser's time zone (the
 * browser sends the session cookie with a plain link, so the file saves like any download).
 */
export function exportUrl(query: URLSearchParams, format: "csv" | "xlsx", language: string): string {
  const params = new URLSearchParams(query);
  params.delete("page");
  params.delete("pageSize");
  params.set("format", format);
  params.set("lang", language);
  params.set("tz", Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  return `/api/reports/export?${params}`;
}

export type { TReportList };
