import { randomUUID } from "node:crypto";
import {
  bandForScore,
  joinPageTexts,
  MAX_PAGES,
  type TConfirmTextRequest,
  type TCreateManuscriptRequest,
  type TManuscript,
  type TManuscriptReadings,
  type TManuscriptStatus,
  type TTeacherScoreRequest,
  type TUpdateManuscriptRequest,
} from "@essay/contract";
import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../../db/client.ts";
import { manuscriptJobs, manuscriptPages, manuscripts, submissions } from "../../db/schema.ts";
import type { JobQueue, QueueKind } from "../../jobs/queue.ts";
import { fail } from "../../lib/fail.ts";
import type { FileStorage } from "../../providers/storage/index.ts";
import type { UserRow } from "../accounts/users.repo.ts";
import { withTotal } from "./feedback.ts";
import { normaliseImage } from "./image.ts";
import { insertJob, latestJobs, openJob, supersedeOpenJobs, updateJob } from "./jobs.repo.ts";
import { type ManuscriptRow, toManuscript } from "./manuscript-view.ts";
import {
  clearRecognition,
  findPage,
  listPages,
  listPagesWithLines,
  type PageSummary,
  pagesByManuscript,
  setPageOrder,
  summarise,
} from "./pages.repo.ts";
import { manuscriptReadings } from "./readings.ts";
import { teacherScores } from "./teacher-scores.ts";

export type { ManuscriptRow } from "./manuscript-view.ts";

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

function transaction<T>(db: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Queryable));
}

/** A page as the polling query returns it (JSON: timestamps as text). */
type PageJson = Omit<PageSummary, "createdAt" | "recognizedAt"> & { createdAt: string; recognizedAt: string | null };

function pageFromJson(p: PageJson): PageSummary {
  return { ...p, createdAt: new Date(p.createdAt), recognizedAt: p.recognizedAt ? new Date(p.recognizedAt) : null };
}

/**
 * The screen's polling call, built once per database handle: the manuscript, its latest run and its pages (without
 * their recognised lines) in one query.
 */
function prepareGet(db: Queryable) {
  const latest = sql`(select j.id from ${manuscriptJobs} j where j.manuscript_id = ${manuscripts.id} order by j.queued_at desc limit 1)`;
  const pages = sql<PageJson[]>`(select coalesce(json_agg(json_build_object(
    'id', p.id, 'manuscriptId', p.manuscript_id, 'position', p.position, 'imageKey', p.image_key,
    'imageWidth', p.image_width, 'imageHeight', p.image_height, 'ocrText', p.ocr_text, 'ocrReason', p.ocr_reason,
    'ocrConfidence', p.ocr_confidence, 'ocrEngine', p.ocr_engine, 'ocrVersion', p.ocr_version,
    'confirmedText', p.confirmed_text, 'createdAt', p.created_at, 'recognizedAt', p.recognized_at
  ) order by p.position), '[]'::json) from ${manuscriptPages} p where p.manuscript_id = ${manuscripts.id})`;
  return db
    .select({ m: manuscripts, j: manuscriptJobs, pages })
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
    // no topic field at all: the spec's sample task; an empty one: no topic (the screen shows the sample only as a
    // suggestion, and a story must not be judged as a news report)
    const topic = body.topic === undefined ? DEFAULT_TOPICS[user.workLanguage] : body.topic.trim();
    const [row] = await this.db
      .insert(manuscripts)
      .values({
        userId: user.id,
        studentName: body.studentName.trim(),
        studentClass: body.studentClass.trim(),
        studentId: body.studentId.trim(),
        teacherName: body.teacherName?.trim() || user.name,
        topic,
        // null: the length the topic names ("about 120 words", "不少于600字"), else the level's usual one
        targetLength: body.targetLength ?? null,
        schoolYear: body.schoolYear ?? null,
        genre: body.genre ?? null,
      })
      .returning();
    if (!row) throw fail("SAVE_FAILED", { status: 500 });
    return toManuscript(row, undefined, []);
  }

  async get(userId: string, id: string): Promise<TManuscript> {
    if (!UUID.test(id)) throw fail("NOT_FOUND", { status: 404 });
    const [found] = await this.lookup.execute({ id, userId });
    if (!found) throw fail("NOT_FOUND", { status: 404 });
    // the assignment's calibration matters once there is a grade to show; polling before that stays one query
    const calibration = found.m.status === "graded" ? await this.calibration(this.db, found.m) : null;
    return toManuscript(found.m, found.j ?? undefined, (found.pages ?? []).map(pageFromJson), calibration);
  }

  /**
   * Changes what the essay is judged against while its text is not yet confirmed: topic, school year, genre, target
   * (the screen keeps the topic editable until then).
   */
  async update(userId: string, id: string, body: TUpdateManuscriptRequest): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (STATUS_ORDER[row.status] >= STATUS_ORDER.text_confirmed) throw fail("TEXT_LOCKED", { status: 409 });
      const [updated] = await tx
        .update(manuscripts)
        .set({
          ...(body.topic !== undefined ? { topic: body.topic.trim() } : {}),
          ...(body.schoolYear !== undefined ? { schoolYear: body.schoolYear } : {}),
          ...(body.genre !== undefined ? { genre: body.genre } : {}),
          ...(body.targetLength !== undefined ? { targetLength: body.targetLength } : {}),
          updatedAt: new Date(),
        })
        .where(eq(manuscripts.id, row.id))
        .returning();
      const job = (await latestJobs(tx, [row.id])).get(row.id);
      return toManuscript(updated ?? row, job, await listPages(tx, row.id));
    });
  }

  /** How many essays of this essay's assignment the teacher scored, and how many its grade was calibrated on. */
  private async calibration(db: Queryable, m: ManuscriptRow): Promise<TManuscript["calibration"]> {
    const [link] = await db
      .select({ assignmentId: submissions.assignmentId })
      .from(submissions)
      .where(eq(submissions.manuscriptId, m.id))
      .limit(1);
    if (!link) return null;
    const [n] = await db
      .select({ n: count() })
      .from(submissions)
      .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
      .where(
        and(
          eq(submissions.assignmentId, link.assignmentId),
          eq(manuscripts.status, "graded"),
          isNotNull(manuscripts.teacherScore),
        ),
      );
    return { teacherScored: n?.n ?? 0, calibratedOn: m.calibratedOn ?? 0 };
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
    const ids = rows.map((r) => r.id);
    const [jobs, pages] = await Promise.all([latestJobs(this.db, ids), pagesByManuscript(this.db, ids)]);
    return {
      items: rows.map((r) => toManuscript(r, jobs.get(r.id), pages.get(r.id) ?? [])),
      total: total?.n ?? 0,
      page,
      pageSize,
    };
  }

  /** The photo of one page (404 for another teacher's manuscript, an unknown page or a page of another essay). */
  async pageImage(userId: string, id: string, pageId: string): Promise<Buffer> {
    const row = await this.findOwn(this.db, userId, id);
    const page = UUID.test(pageId) ? await findPage(this.db, row.id, pageId) : null;
    const bytes = page ? await this.storage.get(page.imageKey) : null;
    if (!bytes) throw fail("NOT_FOUND", { status: 404 });
    return bytes;
  }

  /**
   * The recogniser's per-character evidence on the read pages, aligned to the recognised text, with each character's
   * page, line and boxes on the photo: the editor marks doubtful characters and crops their line from the photo.
   */
  async readings(userId: string, id: string): Promise<TManuscriptReadings> {
    const row = await this.findOwn(this.db, userId, id);
    return manuscriptReadings(await listPagesWithLines(this.db, row.id));
  }

  /** The first page's photo (the spec's single `originalImageUrl`). */
  async image(userId: string, id: string): Promise<Buffer> {
    const row = await this.findOwn(this.db, userId, id);
    const [first] = await listPages(this.db, row.id);
    const bytes = first ? await this.storage.get(first.imageKey) : null;
    if (!bytes) throw fail("NOT_FOUND", { status: 404 });
    return bytes;
  }

  /**
   * Adds one page photo at the end of the essay. The photo is checked and stored first, then one transaction adds
   * the page, sets `uploaded` and makes sure a recognition run is open (a run already open reads the new page too).
   * A failed transaction deletes the new file. At most MAX_PAGES pages, also under parallel uploads (the
   * manuscript row is locked while its pages are counted).
   */
  async upload(userId: string, id: string, raw: Buffer): Promise<TManuscript> {
    const before = await this.findOwn(this.db, userId, id);
    this.assertOpen(before, "UPLOAD_LOCKED");
    if ((await listPages(this.db, before.id)).length >= MAX_PAGES) throw tooManyPages();
    const image = await normaliseImage(raw);
    const pageId = randomUUID();
    const key = `manuscripts/${id}/${pageId}.jpg`;
    await this.storage.put(key, image.bytes, "image/jpeg");
    try {
      return await transaction(this.db, async (tx) => {
        const row = await this.findOwn(tx, userId, id, true);
        this.assertOpen(row, "UPLOAD_LOCKED");
        const pages = await listPages(tx, row.id);
        if (pages.length >= MAX_PAGES) throw tooManyPages();
        await tx.insert(manuscriptPages).values({
          id: pageId,
          manuscriptId: row.id,
          position: pages.length,
          imageKey: key,
          imageWidth: image.width,
          imageHeight: image.height,
        });
        // One run reads the pages one after another; an open run reaches the new page by itself.
        const job = (await openJob(tx, row.id, "ocr")) ?? (await this.enqueue(tx, row.id, "ocr"));
        const now = new Date();
        const [updated] = await tx
          .update(manuscripts)
          .set({ status: "uploaded", ocrReason: null, uploadedAt: now, updatedAt: now })
          .where(eq(manuscripts.id, row.id))
          .returning();
        if (!updated) throw new Error("manuscript vanished");
        return toManuscript(updated, job, await listPages(tx, row.id));
      });
    } catch (error) {
      await this.storage.delete(key).catch((e: unknown) => this.log.error({ err: e, key }, "orphan cleanup failed"));
      throw error;
    }
  }

  /**
   * Removes one page and its photo (after commit). The text of the remaining pages stays; with no page left the
   * manuscript is back to `created`, with every remaining page read it is `ocr_completed`.
   */
  async deletePage(userId: string, id: string, pageId: string): Promise<TManuscript> {
    const { view, removedKey } = await transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      const page = UUID.test(pageId) ? await findPage(tx, row.id, pageId) : null;
      if (!page) throw fail("NOT_FOUND", { status: 404 });
      this.assertOpen(row, "PAGES_LOCKED");
      await tx.delete(manuscriptPages).where(eq(manuscriptPages.id, page.id));
      const remaining = await listPages(tx, row.id);
      await setPageOrder(
        tx,
        row.id,
        remaining.map((p) => p.id),
      );
      const summary = summarise(remaining);
      const status: TManuscriptStatus =
        remaining.length === 0 ? "created" : summary.read === summary.total ? "ocr_completed" : "uploaded";
      if (status !== "uploaded") await supersedeOpenJobs(tx, row.id, "ocr");
      const now = new Date();
      const [updated] = await tx
        .update(manuscripts)
        .set({
          status,
          ocrText: summary.ocrText,
          ocrReason: summary.ocrReason,
          ocrConfidence: summary.ocrConfidence,
          recognizedAt: status === "ocr_completed" ? (row.recognizedAt ?? now) : row.recognizedAt,
          updatedAt: now,
        })
        .where(eq(manuscripts.id, row.id))
        .returning();
      const [job] = (await latestJobs(tx, [row.id])).values();
      return { view: toManuscript(updated ?? row, job, await listPages(tx, row.id)), removedKey: page.imageKey };
    });
    await this.storage
      .delete(removedKey)
      .catch((e: unknown) => this.log.warn({ err: e, key: removedKey }, "removed page's photo not deleted"));
    return view;
  }

  /** New reading order: every page id exactly once. The recognised text follows the new order. */
  async reorderPages(userId: string, id: string, pageIds: readonly string[]): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      this.assertOpen(row, "PAGES_LOCKED");
      const pages = await listPages(tx, row.id);
      const known = new Set(pages.map((p) => p.id));
      if (new Set(pageIds).size !== pageIds.length || pageIds.length !== pages.length) {
        throw fail("PAGES_CHANGED", { status: 409 });
      }
      if (pageIds.some((p) => !known.has(p))) throw fail("PAGES_CHANGED", { status: 409 });
      await setPageOrder(tx, row.id, [...pageIds]);
      const ordered = await listPages(tx, row.id);
      const [updated] = await tx
        .update(manuscripts)
        .set({ ocrText: summarise(ordered).ocrText, updatedAt: new Date() })
        .where(eq(manuscripts.id, row.id))
        .returning();
      const [job] = (await latestJobs(tx, [row.id])).values();
      return toManuscript(updated ?? row, job, ordered);
    });
  }

  /**
   * Recognition again (a new run), while the text is not yet confirmed: the pages still unread when some are (a
   * failed run resumed: the pages read keep their text and the teacher's edits of it), else every page anew.
   */
  async rerunOcr(userId: string, id: string): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      this.assertOpen(row, "TEXT_LOCKED");
      const pages = await listPages(tx, row.id);
      if (pages.length === 0) throw fail("INVALID_STATE", { status: 409 });
      if (pages.every((p) => p.recognizedAt !== null)) await clearRecognition(tx, row.id);
      const job = await this.enqueue(tx, row.id, "ocr");
      const after = await listPages(tx, row.id);
      const summary = summarise(after);
      const [updated] = await tx
        .update(manuscripts)
        .set({
          status: "uploaded",
          ocrText: summary.ocrText,
          ocrReason: null,
          ocrConfidence: summary.ocrConfidence,
          updatedAt: new Date(),
        })
        .where(eq(manuscripts.id, row.id))
        .returning();
      return toManuscript(updated ?? row, job, after);
    });
  }

  /**
   * Stores the teacher's text (and, when sent page by page, each page's part), moves to `text_confirmed` and
   * enqueues grading in one transaction.
   */
  async confirm(userId: string, id: string, body: TConfirmTextRequest): Promise<TManuscript> {
    const text = body.confirmedText;
    if (text.trim().length === 0) throw fail("TEXT_EMPTY", { status: 400 });
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (STATUS_ORDER[row.status] >= STATUS_ORDER.text_confirmed) throw fail("TEXT_LOCKED", { status: 409 });
      if (row.status === "created") throw fail("INVALID_STATE", { status: 409 });
      const pages = await listPages(tx, row.id);
      if (body.pageTexts) {
        const sent = body.pageTexts;
        if (sent.length !== pages.length || sent.some((p, i) => p.pageId !== pages[i]?.id)) {
          throw fail("PAGES_CHANGED", { status: 409 });
        }
        if (joinPageTexts(sent.map((p) => p.text)) !== text) {
          throw fail("VALIDATION_FAILED", {
            status: 400,
            fieldErrors: { confirmedText: ["must be the page texts joined in page order"] },
          });
        }
        for (const p of sent) {
          await tx.update(manuscriptPages).set({ confirmedText: p.text }).where(eq(manuscriptPages.id, p.pageId));
        }
      } else {
        await tx.update(manuscriptPages).set({ confirmedText: null }).where(eq(manuscriptPages.manuscriptId, row.id));
      }
      await supersedeOpenJobs(tx, row.id, "ocr");
      const job = await this.enqueue(tx, row.id, "grading");
      const now = new Date();
      const [updated] = await tx
        .update(manuscripts)
        .set({
          confirmedText: text,
          dismissed: body.dismissed?.length ? body.dismissed : null,
          status: "text_confirmed",
          confirmedAt: now,
          updatedAt: now,
        })
        .where(eq(manuscripts.id, row.id))
        .returning();
      return toManuscript(updated ?? row, job, await listPages(tx, row.id));
    });
  }

  /**
   * The teacher's own scores of a graded essay: a total, or single criteria (the total then being the sum of the
   * criteria as shown). Null returns to the grader's. Within an assignment, these scores calibrate the grader for
   * the essays graded after them.
   */
  async setTeacherScore(userId: string, id: string, body: TTeacherScoreRequest): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (row.status !== "graded") throw fail("INVALID_STATE", { status: 409 });
      const { teacherScore, teacherCriteria } = teacherScores(row, body);
      const score = teacherScore ?? row.machineScore ?? row.score ?? 0;
      // the overall comment opens with the total: it follows the score the report shows
      const feedback = row.feedback ? withTotal(row.feedback, score) : null;
      const [updated] = await tx
        .update(manuscripts)
        .set({ teacherScore, teacherCriteria, score, grade: bandForScore(score), feedback, updatedAt: new Date() })
        .where(eq(manuscripts.id, row.id))
        .returning();
      const fresh = updated ?? row;
      return toManuscript(fresh, undefined, await listPages(tx, row.id), await this.calibration(tx, fresh));
    });
  }

  /** Grades the confirmed text again (a new job). */
  async rerunGrading(userId: string, id: string): Promise<TManuscript> {
    return transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      if (STATUS_ORDER[row.status] < STATUS_ORDER.text_confirmed) throw fail("INVALID_STATE", { status: 409 });
      const job = await this.enqueue(tx, row.id, "grading");
      const [updated] = await tx
        .update(manuscripts)
        .set({ updatedAt: new Date() })
        .where(eq(manuscripts.id, row.id))
        .returning();
      return toManuscript(updated ?? row, job, await listPages(tx, row.id));
    });
  }

  /**
   * Deletes the manuscript with its pages and runs, then its photos (after commit). A student's submission is not
   * deleted from here: it belongs to the assignment.
   */
  async delete(userId: string, id: string): Promise<void> {
    const keys = await transaction(this.db, async (tx) => {
      const row = await this.findOwn(tx, userId, id, true);
      const [linked] = await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.manuscriptId, row.id))
        .limit(1);
      if (linked) throw fail("MANUSCRIPT_IS_SUBMISSION", { status: 409 });
      const pages = await listPages(tx, row.id);
      await tx.delete(manuscripts).where(eq(manuscripts.id, row.id));
      return pages.map((p) => p.imageKey);
    });
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((e: unknown) => this.log.warn({ err: e, key }, "deleted manuscript's photo not removed"));
    }
  }

  /** Photos and pages can change only until the text is confirmed. */
  private assertOpen(row: ManuscriptRow, code: "UPLOAD_LOCKED" | "PAGES_LOCKED" | "TEXT_LOCKED"): void {
    if (STATUS_ORDER[row.status] >= STATUS_ORDER.text_confirmed) throw fail(code, { status: 409 });
  }

  private async enqueue(tx: Queryable, manuscriptId: string, kind: QueueKind) {
    await supersedeOpenJobs(tx, manuscriptId, kind);
    const job = await insertJob(tx, { manuscriptId, kind });
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

function tooManyPages() {
  return fail("UPLOAD_TOO_MANY_PAGES", { status: 409 });
}
