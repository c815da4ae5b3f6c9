/** Reported by /healthz and stored with grading provenance. */
export const APP_VERSION = "0.1.0";
