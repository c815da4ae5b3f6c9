import { EMBEDDED_ENGINE, type Grader } from "@essay/grading";
import type { OcrEngine } from "@essay/ocr";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../db/client.ts";
import type { FileStorage } from "../providers/storage/index.ts";
import { GradingPool } from "./grading-thread/pool.ts";
import { gradingHandler } from "./handlers/grading.handler.ts";
import { ocrHandler } from "./handlers/ocr.handler.ts";
import type { DeliveredJob, JobPayload, JobQueue, QueueKind } from "./queue.ts";
import { reconcileFailedJobs } from "./reconcile.ts";

export interface WorkerDeps {
  db: Queryable;
  log: FastifyBaseLogger;
  storage: FileStorage;
  ocr: OcrEngine;
  grader: Grader;
}

/** Every queue this app consumes, with its handler and concurrency. */
export function jobRegistry(
  queue: JobQueue,
  deps: WorkerDeps & { pool?: GradingPool | null },
  concurrency: { ocr: number; grading: number },
) {
  // a recognition run's next page goes before other essays' first pages
  const continueRun = (tx: Queryable, payload: JobPayload) => queue.enqueue(tx, "ocr", payload, 1);
  return [
    { kind: "ocr", concurrency: concurrency.ocr, handler: ocrHandler({ ...deps, continueRun }) },
    { kind: "grading", concurrency: concurrency.grading, handler: gradingHandler(deps) },
  ] satisfies { kind: QueueKind; concurrency: number; handler: (job: DeliveredJob) => Promise<void> }[];
}

/** Starts the workers of every registered queue on `queue` (already started). */
export async function startWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  // one grading thread per concurrent grading job (the embedded grader only: an LLM grader waits on the network)
  const pool = deps.grader.id === EMBEDDED_ENGINE ? new GradingPool(queue.config.concurrencyGrading) : null;
  if (pool) queue.onStop(() => pool.close());
  const recovered = await queue.retryJobsOfDeadProcesses({ atStart: true });
  if (recovered > 0) deps.log.warn({ count: recovered }, "jobs of a stopped server process queued again");
  for (const entry of jobRegistry(
    queue,
    { ...deps, pool },
    {
      ocr: queue.config.concurrencyOcr,
      grading: queue.config.concurrencyGrading,
    },
  )) {
    await queue.work(entry.kind, entry.concurrency, entry.handler);
  }
  // the heartbeat: renew this process's leases, and take back the jobs of processes that stopped renewing theirs
  queue.every(queue.config.heartbeatSeconds * 1000, async () => {
    await queue.leases.renew();
    const n = await queue.retryJobsOfDeadProcesses({ atStart: false });
    if (n > 0) deps.log.warn({ count: n }, "jobs of a stopped server process queued again");
  });
  queue.every(queue.config.maintenanceSeconds * 1000, async () => {
    const n = await reconcileFailedJobs(deps.db);
    if (n > 0) deps.log.warn({ count: n }, "runs failed in the queue (expired on every attempt)");
  });
}
