import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../../db/client.ts";
import { manuscripts } from "../../db/schema.ts";
import { type JobRow, lockJob, updateJob } from "../../modules/manuscripts/jobs.repo.ts";
import type { ManuscriptRow } from "../../modules/manuscripts/manuscripts.service.ts";
import type { DeliveredJob } from "../queue.ts";

export interface HandlerDeps {
  db: Queryable;
  log: FastifyBaseLogger;
}

export function transaction<T>(db: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Queryable));
}

/** A failure that retrying will not fix (bad image, no text to grade…): the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

async function lockManuscript(tx: Queryable, id: string): Promise<ManuscriptRow | null> {
  const [row] = await tx.select().from(manuscripts).where(eq(manuscripts.id, id)).for("update").limit(1);
  return row ?? null;
}

/**
 * Locks the run and its manuscript. Returns null (skip, the delivery completes) when the run is already
 * finished or replaced, or when `stillRelevant` says the manuscript moved on; marks a moved-on run superseded.
 */
export async function lockCurrent(
  tx: Queryable,
  job: DeliveredJob,
  stillRelevant: (m: ManuscriptRow, run: JobRow) => boolean,
): Promise<{ run: JobRow; manuscript: ManuscriptRow } | null> {
  const run = await lockJob(tx, job.data.jobId);
  if (!run || (run.state !== "queued" && run.state !== "running")) return null;
  const manuscript = await lockManuscript(tx, run.manuscriptId);
  if (!manuscript || !stillRelevant(manuscript, run)) {
    await updateJob(tx, run.id, { state: "superseded", finishedAt: new Date() });
    return null;
  }
  return { run, manuscript };
}

/**
 * The common shape of a handler: claim (running, attempts+1), work outside any transaction, then store
 * the result in a transaction that re-checks relevance. Failures: permanent or last attempt → run
 * failed with `errorCode`, delivery completes; otherwise the run goes back to queued and the error is
 * rethrown so pg-boss retries with backoff.
 */
export async function runJob<T>(
  deps: HandlerDeps,
  job: DeliveredJob,
  spec: {
    kind: string;
    errorCode: string;
    stillRelevant: (m: ManuscriptRow, run: JobRow) => boolean;
    work: (m: ManuscriptRow, run: JobRow) => Promise<T>;
    store: (tx: Queryable, m: ManuscriptRow, result: T) => Promise<void>;
    isPermanent?: (error: unknown) => boolean;
  },
): Promise<void> {
  const claimed = await transaction(deps.db, async (tx) => {
    const current = await lockCurrent(tx, job, spec.stillRelevant);
    if (!current) return null;
    const startedAt = new Date();
    await updateJob(tx, current.run.id, {
      state: "running",
      attempts: current.run.attempts + 1,
      startedAt,
      bossJobId: job.id,
    });
    return current;
  });
  if (!claimed) {
    deps.log.info({ job: job.data, kind: spec.kind }, "job skipped: finished, replaced or no longer relevant");
    return;
  }
  let result: T;
  try {
    result = await spec.work(claimed.manuscript, claimed.run);
  } catch (error) {
    const permanent = error instanceof PermanentJobError || (spec.isPermanent?.(error) ?? false);
    const last = job.retryCount >= job.retryLimit;
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, job: job.data, kind: spec.kind, permanent, last }, "job attempt failed");
    await transaction(deps.db, async (tx) => {
      const current = await lockCurrent(tx, job, spec.stillRelevant);
      if (!current) return;
      if (permanent || last) {
        await updateJob(tx, current.run.id, {
          state: "failed",
          errorCode: spec.errorCode,
          error: message.slice(0, 2000),
          finishedAt: new Date(),
        });
      } else {
        await updateJob(tx, current.run.id, { state: "queued", error: message.slice(0, 2000) });
      }
    });
    if (permanent || last) return;
    throw error;
  }
  await transaction(deps.db, async (tx) => {
    const current = await lockCurrent(tx, job, spec.stillRelevant);
    if (!current) return;
    await spec.store(tx, current.manuscript, result);
    await updateJob(tx, current.run.id, { state: "succeeded", errorCode: null, error: null, finishedAt: new Date() });
  });
}
