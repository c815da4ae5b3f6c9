import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import type { Database } from "../db/client.ts";

/**
 * This process's leases on the queue jobs it is running (table `job_leases`), renewed by a heartbeat. pg-boss alone
 * only notices a dead worker when the job expires (JOB_EXPIRE_SECONDS, 10 minutes: a long recognition must fit);
 * a lease that stopped being renewed says so within seconds.
 */
export class JobLeases {
  readonly processId = randomUUID();
  constructor(private readonly database: Database) {}

  async take(queue: string, bossJobId: string): Promise<void> {
    await this.database.query(
      `INSERT INTO job_leases (boss_job_id, queue, process_id, renewed_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (boss_job_id) DO UPDATE SET process_id = excluded.process_id, renewed_at = now()`,
      [bossJobId, queue, this.processId],
    );
  }

  async release(bossJobId: string): Promise<void> {
    await this.database.query("DELETE FROM job_leases WHERE boss_job_id = $1 AND process_id = $2", [
      bossJobId,
      this.processId,
    ]);
  }

  /** The heartbeat: every lease of this process is renewed in one statement (nothing is written while idle). */
  async renew(): Promise<void> {
    await this.database.query("UPDATE job_leases SET renewed_at = now() WHERE process_id = $1", [this.processId]);
  }
}

/**
 * Active jobs of our queues whose process is gone go back to the queue, to run again at once: `everyActive` at the
 * start of a PGlite server (one process per DATA_DIR, so whatever is active was the previous process's), otherwise
 * those whose lease was last renewed more than `staleSeconds` ago — or, never leased, started that long ago. The
 * attempt counts like an expired one (pg-boss `fail`: retried while attempts remain, else failed, which
 * `reconcileFailedJobs` reports on the run).
 */
export async function retryJobsOfDeadProcesses(
  database: Database,
  boss: PgBoss,
  queues: string[],
  options: { everyActive: boolean; staleSeconds: number; processId: string; running: string[] },
): Promise<number> {
  const rows = await database.query<{ id: string; name: string }>(
    `SELECT j.id, j.name FROM pgboss.job j
     LEFT JOIN job_leases l ON l.boss_job_id = j.id
     WHERE j.name = ANY($1::text[]) AND j.state = 'active'
       AND ($2::boolean OR (
         COALESCE(l.renewed_at, j.started_on) < now() - make_interval(secs => $3::int)
         -- never this process's own jobs: it is alive, however long its thread was busy
         AND (l.process_id IS NULL OR l.process_id <> $4::uuid)
         AND NOT (j.id = ANY($5::uuid[]))
       ))`,
    [queues, options.everyActive, options.staleSeconds, options.processId, options.running],
  );
  for (const name of new Set(rows.map((r) => r.name))) {
    const ids = rows.filter((r) => r.name === name).map((r) => r.id);
    for (const id of ids) await boss.fail(name, id, { message: "the server process running this job stopped" });
    // no backoff for a dead process's job: nothing is wrong with the job itself
    await database.query(
      "UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'retry'",
      [name, ids],
    );
    await database.query("DELETE FROM job_leases WHERE boss_job_id = ANY($1::uuid[])", [ids]);
  }
  return rows.length;
}
