export * from "./auth.ts";
export * from "./classes.ts";
export * from "./config.ts";
export * from "./errors.ts";
export * from "./health.ts";
export * from "./invitations.ts";
export * from "./manuscripts.ts";
export * from "./target-length.ts";
