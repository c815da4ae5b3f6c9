import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../../db/client.ts";
import { manuscripts } from "../../db/schema.ts";
import { type JobRow, lockJob, manuscriptOfJob, updateJob } from "../../modules/manuscripts/jobs.repo.ts";
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
  const manuscriptId = await manuscriptOfJob(tx, job.data.jobId);
  if (!manuscriptId) return null;
  // The manuscript's row first, then the run's: the order uploads and deletes take (a delete cascades to its runs).
  // The other order deadlocked a manuscript deleted while its page was being read (PostgreSQL aborted the delete).
  const manuscript = await lockManuscript(tx, manuscriptId);
  const run = await lockJob(tx, job.data.jobId);
  if (!run || (run.state !== "queued" && run.state !== "running")) return null;
  // a run's deliveries form a chain (recognition: one per page); only its latest queue job may act for it
  if (run.bossJobId && run.bossJobId !== job.id) return null;
  if (!manuscript || !stillRelevant(manuscript, run)) {
    await updateJob(tx, run.id, { state: "superseded", finishedAt: new Date() });
    return null;
  }
  return { run, manuscript };
}

/** How a kind of job decides relevance and failure. */
export interface JobPolicy {
  kind: string;
  errorCode: string;
  stillRelevant: (m: ManuscriptRow, run: JobRow) => boolean;
  isPermanent?: (error: unknown) => boolean;
}

/** Claim (transaction): the run goes `running` with one more attempt; null when it is to be skipped. */
export async function claimRun(
  deps: HandlerDeps,
  job: DeliveredJob,
  policy: JobPolicy,
): Promise<{ run: JobRow; manuscript: ManuscriptRow } | null> {
  const claimed = await transaction(deps.db, async (tx) => {
    const current = await lockCurrent(tx, job, policy.stillRelevant);
    if (!current) return null;
    await updateJob(tx, current.run.id, {
      state: "running",
      attempts: current.run.attempts + 1,
      startedAt: new Date(),
      bossJobId: job.id,
    });
    return current;
  });
  if (!claimed) {
    deps.log.info({ job: job.data, kind: policy.kind }, "job skipped: finished, replaced or no longer relevant");
  }
  return claimed;
}

/**
 * A failed attempt: permanent or last → the run fails with the policy's error code and the delivery completes;
 * otherwise the run goes back to queued with the error and the error is rethrown so pg-boss retries with backoff.
 */
export async function recordFailure(
  deps: HandlerDeps,
  job: DeliveredJob,
  policy: JobPolicy,
  error: unknown,
): Promise<void> {
  const permanent = error instanceof PermanentJobError || (policy.isPermanent?.(error) ?? false);
  const last = job.retryCount >= job.retryLimit;
  const message = error instanceof Error ? error.message : String(error);
  deps.log.warn({ err: error, job: job.data, kind: policy.kind, permanent, last }, "job attempt failed");
  await transaction(deps.db, async (tx) => {
    const current = await lockCurrent(tx, job, policy.stillRelevant);
    if (!current) return;
    if (permanent || last) {
      await updateJob(tx, current.run.id, {
        state: "failed",
        errorCode: policy.errorCode,
        error: message.slice(0, 2000),
        pageId: null,
        finishedAt: new Date(),
      });
    } else {
      await updateJob(tx, current.run.id, { state: "queued", error: message.slice(0, 2000), pageId: null });
    }
  });
  if (permanent || last) return;
  throw error;
}

/**
 * The common shape of a handler: claim (running, attempts+1), work outside any transaction, then store
 * the result in a transaction that re-checks relevance. Failures go through `recordFailure`.
 */
export async function runJob<T>(
  deps: HandlerDeps,
  job: DeliveredJob,
  spec: JobPolicy & {
    work: (m: ManuscriptRow, run: JobRow) => Promise<T>;
    store: (tx: Queryable, m: ManuscriptRow, result: T) => Promise<void>;
  },
): Promise<void> {
  const claimed = await claimRun(deps, job, spec);
  if (!claimed) return;
  let result: T;
  try {
    result = await spec.work(claimed.manuscript, claimed.run);
  } catch (error) {
    await recordFailure(deps, job, spec, error);
    return;
  }
  await transaction(deps.db, async (tx) => {
    const current = await lockCurrent(tx, job, spec.stillRelevant);
    if (!current) return;
    await spec.store(tx, current.manuscript, result);
    await updateJob(tx, current.run.id, { state: "succeeded", errorCode: null, error: null, finishedAt: new Date() });
  });
}
