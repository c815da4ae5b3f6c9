import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { QUEUES } from "./queue.ts";

/**
 * A run whose pg-boss job ended `failed` without our handler recording it (every attempt expired:
 * the worker died each time) is marked failed here, so the screen stops showing "running".
 */
export async function reconcileFailedJobs(db: Queryable): Promise<number> {
  const result = await db.execute(sql`
    UPDATE manuscript_jobs mj
    SET state = 'failed',
        error_code = CASE mj.kind WHEN 'ocr' THEN 'OCR_FAILED' ELSE 'GRADING_FAILED' END,
        error = COALESCE(mj.error, 'the job expired or failed in the queue'),
        finished_at = now()
    WHERE mj.state IN ('queued', 'running')
      AND mj.boss_job_id IS NOT NULL
      AND EXISTS (
        SELECT 1 FROM pgboss.job j
        WHERE j.name = CASE mj.kind WHEN 'ocr' THEN ${QUEUES.ocr} ELSE ${QUEUES.grading} END
          AND j.id = mj.boss_job_id
          AND j.state = 'failed'
      )
    RETURNING mj.id`);
  return (result as unknown as { rows?: unknown[] }).rows?.length ?? 0;
}
