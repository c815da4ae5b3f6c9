// The web's view of the contract: every type, and the plain rules and constants — not the zod schemas, which only
// the server runs (zod would add 22 KB gzipped to the first page load). Chosen by the "browser" export condition.
export type * from "./analytics.ts";
export type * from "./auth.ts";
export type * from "./classes.ts";
export type * from "./config.ts";
export * from "./error-codes.ts";
export type * from "./errors.ts";
export type * from "./health.ts";
export type * from "./invitations.ts";
export * from "./languages.ts";
export * from "./level.ts";
export type * from "./manuscripts.ts";
export * from "./pages.ts";
export * from "./readings.ts";
export * from "./report-limits.ts";
export type * from "./reports.ts";
export * from "./rules.ts";
export * from "./scores.ts";
export * from "./target-length.ts";
export * from "./text-limits.ts";
