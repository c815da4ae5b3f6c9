import type { TReportList } from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

/** Query keys are GET paths: one key per filtered page. */
export const REPORTS_KEY = ["/api/reports"] as const;
export const reportsPageKey = (query: URLSearchParams) => [`/api/reports?${query}`] as const;

export const reportsApi = {
  /** Removes the essay, its pages and their photos (`409 MANUSCRIPT_IS_SUBMISSION` for a student's submission). */
  remove: (manuscriptId: string) => apiJson<null>("DELETE", `/api/manuscripts/${manuscriptId}`),
};

export type { TReportList };
