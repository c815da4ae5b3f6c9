import { lt, or } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { sessions, verificationCodes } from "../../db/schema.ts";
import { purgeRateLimits } from "./rate-limits.ts";

const DAY_MS = 24 * 3600_000;

/** Deletes expired sessions, day-old verification codes and rate-limit rows with nothing left to remember. */
export async function purgeExpired(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db
    .delete(verificationCodes)
    .where(
      or(
        lt(verificationCodes.expiresAt, new Date(now.getTime() - DAY_MS)),
        lt(verificationCodes.createdAt, new Date(now.getTime() - 2 * DAY_MS)),
      ),
    );
  await purgeRateLimits(db, now);
}

/** Runs `purgeExpired` now and hourly; the returned function stops it. Failures are logged, never thrown. */
export function startHousekeeping(db: Queryable, log: { warn(obj: unknown, msg: string): void }): () => void {
  const run = () => purgeExpired(db).catch((error: unknown) => log.warn({ err: error }, "account housekeeping failed"));
  const timer = setInterval(run, 3600_000);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
