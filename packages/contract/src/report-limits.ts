// Plain values of the reports API the web uses without the schema library.

/** Largest page of the reports list. */
export const REPORTS_MAX_PAGE_SIZE = 100;
/** Most rows one export holds (newest first). */
export const REPORTS_EXPORT_MAX = 5000;

export const REPORT_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type TReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
