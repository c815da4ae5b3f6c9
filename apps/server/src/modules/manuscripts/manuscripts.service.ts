import { randomUUID } from "node:crypto";
import {
  bandForScore,
  DEFAULT_TARGET_LENGTH,
  type TCreateManuscriptRequest,
  type TManuscript,
  type TManuscriptStatus,
  targetLengthFromTopic,
} from "@essay/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../../db/client.ts";
import { manuscriptJobs, manuscripts } from "../../db/schema.ts";
import type { JobQueue, QueueKind } from "../../jobs/queue.ts";
import { fail } from "../../lib/fail.ts";
import type { FileStorage } from "../../providers/storage/index.ts";
import type { UserRow } from "../accounts/users.repo.ts";
import { criteriaIn, feedbackIn, withTotal } from "./feedback.ts";
import { normaliseImage } from "./image.ts";
import { insertJob, type JobRow, jobView, latestJobs, supersedeOpenJobs, updateJob } from "./jobs.repo.ts";

export type ManuscriptRow = typeof manuscripts.$inferSelect;

/** Spec §1 sample task, in the teacher's work language. */
export const DEFAULT_TOPICS: Record<UserRow["workLanguage"], string> = {
  en: "Campus news report: write a news report of about 500 words on a recent event at your school.",
  "zh-CN": "校园新闻报道：以学校最近发生的一件事为内容，写一篇约500字的新闻报道。",
  "zh-TW": "校園新聞報導：以學校最近發生的一件事為內容，寫一篇約500字的新聞報導。",
};

export const STATUS_ORDER: Record<TManuscriptStatus, number> = {
  created: 0,
  uploaded: 1,
  ocr_completed: 2,
  text_confirmed: 3,
  graded: 4,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function imageUrl(row: Pick<ManuscriptRow, "id" | "imageKey">): string {
  if (!row.imageKey) return "";
  const version =
    row.imageKey
      .split("/")
      .at(-1)
      ?.replace(/\.jpg$/, "") ?? "";
  return `/api/manuscripts/${row.id}/image?v=${version}`;
}

export function toManuscript(row: ManuscriptRow, job: JobRow | undefined): TManuscript {
  return {
    id: row.id,
    userId: row.userId,
    studentName: row.studentName,
    studentClass: row.studentClass,
    studentId: row.studentId,
    teacherName: row.teacherName,
    originalImageUrl: imageUrl(row),
    topic: row.topic,
    targetLength: row.targetLength,
    ocrText: row.ocrText,
    confirmedText: row.confirmedText,
    score: row.score,
    machineScore: row.machineScore,
    teacherScore: row.teacherScore,
    grade: row.grade,
    status: row.status,
    feedback: feedbackIn(row.feedback),
    criteria: criteriaIn(row.criteria, row.feedback),
    ocrReason: row.ocrReason,
    ocrEngine: row.ocrEngine ? `${row.ocrEngine}@${row.ocrVersion ?? ""}` : null,
    gradingEngine: row.gradingEngine ? `${row.gradingEngine}@${row.gradingVersion ?? ""}` : null,
    job: jobView(job),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function transaction<T>(db: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Queryable));
}

/** The screen's polling call, built once per database handle: the manuscript and its latest run in one query. */
function prepareGet(db: Queryable) {
  const latest = sql`(select j.id from ${manuscriptJobs} j where j.manuscript_id = ${manuscripts.id} order by j.queued_at desc limit 1)`;
  return db
    .select({ m: manuscripts, j: manuscriptJobs })
    .from(manuscripts)
    .leftJoin(manuscriptJobs, eq(manuscriptJobs.id, latest))
    .where(and(eq(manuscripts.id, sql.placeholder("id")), eq(manuscripts.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("manuscript_get");
}

/** The manuscript life cycle: create, upload, recognise, confirm, grade. Owner-only; others see 404. */
export class ManuscriptsService {
  private readonly lookup: ReturnType<typeof prepareGet>;

  constructor(
    private readonly db: Queryable,
    private readonly storage: FileStorage,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {
    this.lookup = prepareGet(db);
  }

  async create(user: UserRow, body: TCreateManuscriptRequest): Promise<TManuscript> {
    const topic = body.topic?.trim() || DEFAULT_TOPICS[user.workLanguage];
    const [row] = await this.db
      .insert(manuscripts)
      .values({
        userId: user.id,
        studentName: body.studentName.trim(),
        studentClass: body.studentClass.trim(),
        studentId: body.studentId.trim(),
        teacherName: body.teacherName?.trim() || user.name,
        topic,
        // a topic that names its length ("about 120 words", "不少于600字") sets the target the grader judges against
        targetLength: body.targetLength ?? targetLengthFromTopic(topic) ?? DEFAULT_TARGET_LENGTH,
      })
      .returning();
    if (!row) throw fail("SAVE_FAILED", { status: 500 });
    return toManuscript(row, undefined);
  }

  async get(userId: string, id: string): Promise<TManuscript> {
    if (!UUID.test(id)) throw fail("NOT_FOUND", { status: 404 });
    const [found] = await this.lookup.execute({ id, userId });
    if (!found) throw fail("NOT_FOUND", { status: 404 });
    return toManuscript(found.m, found.j ?? undefined);
  }

  async list(userId: string, page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(manuscripts)
        .where(eq(manuscripts.userId, userId))
        .orderBy(desc(manuscripts.createdAt), desc(manuscripts.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(manuscripts).where(eq(manuscripts.userId, userId)),
    ]);
    const jobs = await latestJobs(
      this.db,
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => toManuscript(r, jobs.get(r.id))), total: total?.n ?? 0, page, pageSize };
  }

  async image(userId: string, id: string): Promise<Buffer> {
    const row = await this.findOwn(this.db, userId, id);
    const bytes = row.imageKey ? await this.storage.get(row.imageKey) : null;
    if (!bytes) throw fail("NOT_FOUND", { status: 404 });
    return bytes;
  }

  /**
   * Stores the normalised photo, then in one transaction points the manuscript at it, sets `uploaded`
   * and enqueues recognition. A failed transaction deletes the new file; the replaced file is deleted
   * after commit.
   */
  async upload(userId: string, id: string, raw: Buffer): Promise<TManuscript> {
    const before = await this.findOwn(this.db, userId, id);
    if (STATUS_ORDER[before.status] >= STATUS_ORDER.text_confirmed) throw fail("UPLOAD_LOCKED", { status: 409 });
    const image = await normaliseImage(raw);
    const key = `manuscripts/${id}/${randomUUID()}.jpg`;
    await this.storage.put(key, image.bytes, "image/jpeg");
    let previousKey: string | null = null;
    let result: { row: ManuscriptRow; job: JobRow };
    try {
      result = await transaction(this.db, async (tx) => {
        const row = await this.findOwn(tx, userId, id, true);
        if (STATUS_ORDER[row.status] >= STATUS_ORDER.text_confirmed) throw fail("UPLOAD_LOCKED", { status: 409 });
        previousKey = row.imageKey;
        const job = await this.enqueue(tx, row.id, "ocr", key);
        const [updated] = await tx
          .update(manuscripts)
          .set({
            imageKey: key,
            imageWidth: image.width,
            imageHeight: image.height,
            // A new photo restarts recognition: the old text belongs to the old photo.
            status: "uploaded",
            ocrText: null,
            ocrReason: null,
            ocrEngine: null,
            ocrVersion: null,
            ocrConfidence: null,
            uploadedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(manuscripts.id, row.id))
          .returning();
        if (!updated) throw new Error("manuscript vanished");
        return { row: updated, job };
      });
    } catch (error) {
      await this.storage.delete(key).catch((e: unknown) => this.log.error({ err: e, key }, "orphan cleanup failed"));
      throw error;
    }
    const old = previousKey as string | null;
    if (old && old !== key) {
      await this.storage
        .delete(old)
        .catch((e: unknown) => this.log.warn({ err: e, key: old }, "old photo not deleted"));
    }
    return toManuscript(result.row, result.job);
  }

  /** Runs recognition again on the stored photo (a new job), while the text is not yet confirmed. */
  async rerunOcr(userId: string, id: string): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (STATUS_ORDER[row.status] >= STATUS_ORDER.text_confirmed) throw fail("TEXT_LOCKED", { status: 409 });
      if (!row.imageKey) throw fail("INVALID_STATE", { status: 409 });
      const job = await this.enqueue(tx, row.id, "ocr", row.imageKey);
      const [updated] = await tx
        .update(manuscripts)
        .set({ updatedAt: new Date() })
        .where(eq(manuscripts.id, row.id))
        .returning();
      return toManuscript(updated ?? row, job);
    });
  }

  /** Stores the teacher's text, moves to `text_confirmed` and enqueues grading in one transaction. */
  async confirm(userId: string, id: string, text: string): Promise<TManuscript> {
    if (text.trim().length === 0) throw fail("TEXT_EMPTY", { status: 400 });
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (STATUS_ORDER[row.status] >= STATUS_ORDER.text_confirmed) throw fail("TEXT_LOCKED", { status: 409 });
      if (row.status === "created") throw fail("INVALID_STATE", { status: 409 });
      await supersedeOpenJobs(tx, row.id, "ocr");
      const job = await this.enqueue(tx, row.id, "grading", null);
      const now = new Date();
      const [updated] = await tx
        .update(manuscripts)
        .set({ confirmedText: text, status: "text_confirmed", confirmedAt: now, updatedAt: now })
        .where(eq(manuscripts.id, row.id))
        .returning();
      return toManuscript(updated ?? row, job);
    });
  }

  /**
   * The teacher's own total for a graded essay (null returns to the grader's). Within an assignment, these scores
   * calibrate the grader for the essays graded after them.
   */
  async setTeacherScore(userId: string, id: string, teacherScore: number | null): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (row.status !== "graded") throw fail("INVALID_STATE", { status: 409 });
      const score = teacherScore ?? row.machineScore ?? row.score ?? 0;
      // the overall comment opens with the total: it follows the score the report shows
      const feedback = row.feedback ? withTotal(row.feedback, score) : null;
      const [updated] = await tx
        .update(manuscripts)
        .set({ teacherScore, score, grade: bandForScore(score), feedback, updatedAt: new Date() })
        .where(eq(manuscripts.id, row.id))
        .returning();
      return toManuscript(updated ?? row, undefined);
    });
  }

  /** Grades the confirmed text again (a new job). */
  async rerunGrading(userId: string, id: string): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (STATUS_ORDER[row.status] < STATUS_ORDER.text_confirmed) throw fail("INVALID_STATE", { status: 409 });
      const job = await this.enqueue(tx, row.id, "grading", null);
      const [updated] = await tx
        .update(manuscripts)
        .set({ updatedAt: new Date() })
        .where(eq(manuscripts.id, row.id))
        .returning();
      return toManuscript(updated ?? row, job);
    });
  }

  private async enqueue(tx: Queryable, manuscriptId: string, kind: QueueKind, imageKey: string | null) {
    await supersedeOpenJobs(tx, manuscriptId, kind);
    const job = await insertJob(tx, { manuscriptId, kind, imageKey });
    const bossJobId = await this.queue.enqueue(tx, kind, { manuscriptId, jobId: job.id });
    await updateJob(tx, job.id, { bossJobId });
    return { ...job, bossJobId };
  }

  private async findOwn(db: Queryable, userId: string, id: string, lock = false): Promise<ManuscriptRow> {
    if (!UUID.test(id)) throw fail("NOT_FOUND", { status: 404 });
    const query = db
      .select()
      .from(manuscripts)
      .where(and(eq(manuscripts.id, id), eq(manuscripts.userId, userId)))
      .limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw fail("NOT_FOUND", { status: 404 });
    return row;
  }
}
