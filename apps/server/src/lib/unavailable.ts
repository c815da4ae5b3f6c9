/**
 * Failures that are the server's situation rather than the request's fault: the database cannot be reached, or the
 * disk (ours or PostgreSQL's) is full. They answer 503 with a code so the screen can say so, instead of a 500.
 */
export type Unavailable = "DATABASE_UNAVAILABLE" | "DISK_FULL";

// node-postgres and socket errors when PostgreSQL is not there (refused, unreachable, cut mid-query)
const CONNECTION_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
]);
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "PGlite is closed",
  "Cannot use a pool after calling end on the pool",
];

/** Which kind of unavailability an error is (walking drizzle's `cause` chain), or null for any other error. */
export function unavailableKind(error: unknown): Unavailable | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    // ENOSPC from the file system; SQLSTATE 53100 disk_full from PostgreSQL or PGlite
    if (code === "ENOSPC" || code === "53100") return "DISK_FULL";
    if (typeof message === "string" && message.includes("No space left on device")) return "DISK_FULL";
    if (
      typeof code === "string" &&
      (CONNECTION_ERRNOS.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code))
    ) {
      return "DATABASE_UNAVAILABLE";
    }
    if (typeof message === "string" && CONNECTION_MESSAGES.some((m) => message.includes(m))) {
      return "DATABASE_UNAVAILABLE";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
