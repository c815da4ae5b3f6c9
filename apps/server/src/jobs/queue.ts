import PgBoss from "pg-boss";
import type { Database, Queryable } from "../db/client.ts";
import { JobLeases, retryJobsOfDeadProcesses } from "./leases.ts";

/** What pg-boss needs from a connection: run SQL with positional parameters. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss on the app's own connection. PostgreSQL: the drizzle pool. PGlite: its single connection,
 * which serialises every statement (and holds a transaction exclusively) by itself. pg-boss sends
 * multi-statement scripts without parameters (BEGIN; …; COMMIT;): PGlite runs those through `exec`.
 */
export function executorFor(database: Database): SqlExecutor {
  const client = (database.db as unknown as { $client: RawClient }).$client;
  if (database.kind === "postgres") {
    return {
      executeSql: async (text, values) => (await client.query(text, values)) as { rows: Record<string, unknown>[] },
    };
  }
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        return (await client.query(text, values)) as { rows: Record<string, unknown>[] };
      }
      try {
        const results = await (client.exec as NonNullable<RawClient["exec"]>)(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } catch (error) {
        // A failed script leaves its explicit transaction open on the single connection.
        await client.exec?.("ROLLBACK").catch(() => {});
        throw error;
      }
    },
  };
}

/** The raw connection of a drizzle transaction, so a job is inserted inside the caller's transaction. */
export function executorForTransaction(tx: Queryable): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== "function") throw new Error("transaction has no raw client");
  return {
    executeSql: async (text, values) => (await client.query(text, values)) as { rows: Record<string, unknown>[] },
  };
}

export const QUEUES = { ocr: "ocr.recognize", grading: "grading.score" } as const;
export type QueueKind = keyof typeof QUEUES;

export interface JobsConfig {
  concurrencyOcr: number;
  concurrencyGrading: number;
  retryLimit: number;
  retryDelaySeconds: number;
  expireSeconds: number;
  maintenanceSeconds: number;
  pollSeconds: number;
  /** How often a worker process renews the leases of the jobs it runs; a lease 3 beats old is a dead process's. */
  heartbeatSeconds: number;
}

export const DEFAULT_JOBS_CONFIG: JobsConfig = {
  concurrencyOcr: 1,
  concurrencyGrading: 2,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireSeconds: 600,
  maintenanceSeconds: 30,
  pollSeconds: 1,
  heartbeatSeconds: 5,
};

export interface JobPayload {
  manuscriptId: string;
  /** Row of manuscript_jobs this delivery belongs to. */
  jobId: string;
}

export interface DeliveredJob {
  id: string;
  data: JobPayload;
  retryCount: number;
  retryLimit: number;
}

/** pg-boss with our two queues. `start` migrates pg-boss's schema (pgboss.*) and creates the queues. */
export class JobQueue {
  readonly boss: PgBoss;
  readonly leases: JobLeases;
  private started = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopHooks: (() => Promise<void>)[] = [];
  /** pg-boss jobs this process is handling now (known before their lease is written). */
  private readonly running = new Set<string>();

  constructor(
    private readonly database: Database,
    readonly config: JobsConfig,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.boss = new PgBoss({
      db: executorFor(database),
      schema: "pgboss",
      supervise: true,
      schedule: false,
      migrate: true,
      maintenanceIntervalSeconds: config.maintenanceSeconds,
    } as PgBoss.ConstructorOptions);
    this.boss.on("error", (error) => this.onError(error));
    this.leases = new JobLeases(database);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const name of Object.values(QUEUES)) {
      await this.boss.createQueue(name, {
        name,
        policy: "standard",
        retryLimit: this.config.retryLimit,
        retryDelay: this.config.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: this.config.expireSeconds,
      });
    }
    this.started = true;
  }

  /**
   * Inserts the job in the caller's transaction: it exists exactly when the transaction commits. A `priority` job
   * is taken before older jobs of lower priority (a run's next page before other essays' first pages).
   */
  async enqueue(tx: Queryable, kind: QueueKind, payload: JobPayload, priority = 0): Promise<string> {
    const id = await this.boss.send(QUEUES[kind], payload, {
      db: executorForTransaction(tx),
      priority,
      retryLimit: this.config.retryLimit,
      retryDelay: this.config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.config.expireSeconds,
    } as PgBoss.SendOptions);
    if (!id) throw new Error(`pg-boss refused a ${kind} job`);
    return id;
  }

  /** Starts `concurrency` polling workers of one queue; each takes one job at a time. */
  async work(kind: QueueKind, concurrency: number, handler: (job: DeliveredJob) => Promise<void>): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      await this.boss.work<JobPayload>(
        QUEUES[kind],
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.config.pollSeconds },
        async (jobs) => {
          for (const job of jobs) {
            this.running.add(job.id);
            try {
              await this.leases.take(QUEUES[kind], job.id);
              await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
            } finally {
              this.running.delete(job.id);
              await this.leases.release(job.id).catch((error: unknown) => this.onError(error));
            }
          }
        },
      );
    }
  }

  /**
   * Jobs left active by a process that died go back to the queue. At the start of a PGlite server every active job is
   * such a job (one process per folder); otherwise those whose lease stopped being renewed (3 heartbeats).
   */
  async retryJobsOfDeadProcesses(options: { atStart: boolean }): Promise<number> {
    // on PGlite every running job is this process's own once it has started: only the start-up sweep applies
    if (!options.atStart && this.database.kind === "pglite") return 0;
    return retryJobsOfDeadProcesses(this.database, this.boss, Object.values(QUEUES), {
      everyActive: options.atStart && this.database.kind === "pglite",
      staleSeconds: this.config.heartbeatSeconds * 3,
      processId: this.leases.processId,
      running: [...this.running],
    });
  }

  /** Runs `fn` periodically until `stop` (errors go to the error callback). */
  every(ms: number, fn: () => Promise<void>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      fn()
        .catch((error: unknown) => this.onError(error))
        .finally(() => {
          busy = false;
        });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Runs after the workers have stopped (the grading threads close there). */
  onStop(fn: () => Promise<void>): void {
    this.stopHooks.push(fn);
  }

  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    await this.boss.stop({
      graceful: options.graceful ?? true,
      timeout: options.timeoutMs ?? 5000,
      close: false,
      wait: true,
    });
    for (const fn of this.stopHooks.splice(0)) await fn().catch((error: unknown) => this.onError(error));
  }
}
