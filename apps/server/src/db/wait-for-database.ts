import { unavailableKind } from "../lib/unavailable.ts";

/** Start-up gave up on the database: the message names the server (never the password) and what to check. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUnreachableError";
  }
}

/** host:port/database of a connection string, without the user and password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return (error as Error)?.message?.split("\n")[0] ?? "unknown error";
}

/**
 * Opens PostgreSQL, retrying while it cannot be reached (a server still starting, a network not yet up) with delays of
 * 1, 2, 4 … 10 s for up to `waitSeconds`; each wait is reported through `onRetry`. Other errors (wrong password,
 * missing database) are not retried. Gives up with a DatabaseUnreachableError: one plain sentence, no stack.
 */
export async function openWithRetry<T>(
  open: () => Promise<T>,
  options: { url: string; waitSeconds: number; onRetry: (message: string) => void },
): Promise<T> {
  const where = describeDatabaseUrl(options.url);
  const deadline = Date.now() + options.waitSeconds * 1000;
  let delay = 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      const code = errorCode(error);
      if (unavailableKind(error) !== "DATABASE_UNAVAILABLE") {
        throw new DatabaseUnreachableError(
          `Start-up failed on the database at ${where}: ${(error as Error).message.split("\n")[0]} (${code}). ` +
            "Check DATABASE_URL (user, password, database name).",
        );
      }
      if (Date.now() + delay > deadline) {
        throw new DatabaseUnreachableError(
          `Cannot reach the database at ${where} (${code}) after ${attempt} attempts in ${options.waitSeconds} s. ` +
            "Check that PostgreSQL is running and that DATABASE_URL is right (DATABASE_WAIT_SECONDS waits longer).",
        );
      }
      options.onRetry(`Database at ${where} not reachable (${code}); retrying in ${delay / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }
}
