import type { TJobState } from "@essay/contract";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { manuscriptJobs } from "../../db/schema.ts";

export type JobRow = typeof manuscriptJobs.$inferSelect;
export type JobKind = JobRow["kind"];

/** Marks the not-yet-finished runs of one kind as replaced; their deliveries are skipped by the handlers. */
export async function supersedeOpenJobs(tx: Queryable, manuscriptId: string, kind: JobKind): Promise<void> {
  await tx
    .update(manuscriptJobs)
    .set({ state: "superseded", finishedAt: new Date() })
    .where(
      and(
        eq(manuscriptJobs.manuscriptId, manuscriptId),
        eq(manuscriptJobs.kind, kind),
        inArray(manuscriptJobs.state, ["queued", "running"]),
      ),
    );
}

export async function insertJob(tx: Queryable, values: { manuscriptId: string; kind: JobKind }): Promise<JobRow> {
  const [row] = await tx
    .insert(manuscriptJobs)
    .values({ ...values, queuedAt: sql`clock_timestamp()` })
    .returning();
  if (!row) throw new Error("insert manuscript_jobs returned nothing");
  return row;
}

/** The manuscript a run belongs to (it never changes, so no lock is needed to learn it). */
export async function manuscriptOfJob(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db
    .select({ manuscriptId: manuscriptJobs.manuscriptId })
    .from(manuscriptJobs)
    .where(eq(manuscriptJobs.id, id))
    .limit(1);
  return row?.manuscriptId ?? null;
}

export async function lockJob(tx: Queryable, id: string): Promise<JobRow | null> {
  const [row] = await tx.select().from(manuscriptJobs).where(eq(manuscriptJobs.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function updateJob(tx: Queryable, id: string, values: Partial<JobRow>): Promise<void> {
  await tx.update(manuscriptJobs).set(values).where(eq(manuscriptJobs.id, id));
}

/** Latest run per manuscript (queued/running/failed are shown; succeeded/superseded mean "nothing to show"). */
export async function latestJobs(db: Queryable, manuscriptIds: string[]): Promise<Map<string, JobRow>> {
  const out = new Map<string, JobRow>();
  if (manuscriptIds.length === 0) return out;
  if (manuscriptIds.length === 1) {
    const id = manuscriptIds[0] as string;
    const [row] = await db
      .select()
      .from(manuscriptJobs)
      .where(eq(manuscriptJobs.manuscriptId, id))
      .orderBy(desc(manuscriptJobs.queuedAt))
      .limit(1);
    if (row) out.set(id, row);
    return out;
  }
  const rows = await db
    .selectDistinctOn([manuscriptJobs.manuscriptId])
    .from(manuscriptJobs)
    .where(inArray(manuscriptJobs.manuscriptId, manuscriptIds))
    .orderBy(manuscriptJobs.manuscriptId, desc(manuscriptJobs.queuedAt));
  for (const row of rows) out.set(row.manuscriptId, row);
  return out;
}

/** The open run of this kind (queued, or running), if any. */
export async function openJob(tx: Queryable, manuscriptId: string, kind: JobKind): Promise<JobRow | null> {
  const [row] = await tx
    .select()
    .from(manuscriptJobs)
    .where(
      and(
        eq(manuscriptJobs.manuscriptId, manuscriptId),
        eq(manuscriptJobs.kind, kind),
        inArray(manuscriptJobs.state, ["queued", "running"]),
      ),
    )
    .orderBy(desc(manuscriptJobs.queuedAt))
    .limit(1);
  return row ?? null;
}

/** The pages as the job view needs them: reading order and whether each is read. */
type PageProgressInput = readonly { id: string; recognizedAt: Date | null }[];

export function jobView(row: JobRow | undefined, pages: PageProgressInput = []): TJobState | null {
  if (!row || (row.state !== "queued" && row.state !== "running" && row.state !== "failed")) return null;
  const reading = row.state === "running" && row.pageId ? pages.findIndex((p) => p.id === row.pageId) : -1;
  return {
    kind: row.kind,
    state: row.state,
    progress:
      row.kind === "ocr"
        ? {
            page: reading >= 0 ? reading + 1 : null,
            read: pages.filter((p) => p.recognizedAt !== null).length,
            total: pages.length,
          }
        : null,
    errorCode: row.errorCode,
    error: row.error,
    attempts: row.attempts,
    queuedAt: row.queuedAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
  };
}
