import { readdir } from "node:fs/promises";
import path from "node:path";
import {
  joinPageTexts,
  MAX_PAGES,
  MAX_UPLOAD_BYTES,
  ZManuscript,
  ZStudentSubmission,
  ZTeacherAssignment,
} from "@essay/contract";
import type { OcrEngine } from "@essay/ocr";
import { asc, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { manuscriptJobs, manuscriptPages, manuscripts } from "../src/db/schema.ts";
import { addToClass } from "./class-members.ts";
import { createUser, STRONG_PASSWORD, signedIn } from "./factories.ts";
import { type TestClient, testDatabases } from "./harness.ts";
import {
  fetchImage,
  type ManuscriptTestApp,
  pngHeader,
  pollManuscript,
  postImage,
  renderPage,
  sharedOcr,
  startManuscriptApp,
  uploadFile,
} from "./manuscripts-harness.ts";

vi.setConfig({ testTimeout: 180_000 });

const ocr: OcrEngine = sharedOcr();
afterAll(() => ocr.close());

const STUDENT = { studentName: "Li Hua", studentClass: "Grade 8 Class 2", studentId: "S2024001" };
/** Three pages of one essay, each with words found on no other page. */
const PAGES = [
  ["Alpha: our school held a sports day."],
  ["Bravo: many students ran in the races."],
  ["Charlie: everyone cheered for the winners."],
];
const flat = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/\s+/g, "");

describe.each(testDatabases())("multi-page manuscripts (%s)", (kind) => {
  let t: ManuscriptTestApp;
  let photos: Buffer[];
  let blank: Buffer;
  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
    photos = await Promise.all(PAGES.map((lines) => renderPage(lines, "jpeg", { width: 900 })));
    blank = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    // recognition started by the last uploads finishes before the database closes
    const until = Date.now() + 60_000;
    while (t && Date.now() < until) {
      const [open] = await t.db
        .select({ n: count() })
        .from(manuscriptJobs)
        .where(inArray(manuscriptJobs.state, ["queued", "running"]));
      if ((open?.n ?? 0) === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await t?.close();
  });

  async function created(client: TestClient) {
    const res = await client.post("/api/manuscripts", STUDENT);
    expect(res.status).toBe(201);
    return ZManuscript.parse(res.body);
  }
  const filesOf = async (id: string) =>
    (await readdir(path.join(t.storage.root, "manuscripts", id)).catch(() => [] as string[])).sort();
  const attempts = async (id: string) =>
    (
      await t.db
        .select({ n: manuscriptPages.ocrAttempts })
        .from(manuscriptPages)
        .where(eq(manuscriptPages.manuscriptId, id))
        .orderBy(asc(manuscriptPages.position))
    ).map((r) => r.n);

  it("three pages uploaded one call each are read in page order; reordering and confirming page by page", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    for (const [i, photo] of photos.entries()) {
      const up = await uploadFile(client, m.id, photo);
      expect(up.status).toBe(200);
      const body = ZManuscript.parse(up.body);
      expect(body.status).toBe("uploaded");
      expect(body.pages.map((p) => p.number)).toEqual(Array.from({ length: i + 1 }, (_, k) => k + 1));
      expect(body.job).toMatchObject({ kind: "ocr", progress: { total: i + 1 } });
    }
    const done = ZManuscript.parse(
      await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null),
    );
    expect(done.pages.map((p) => p.state)).toEqual(["read", "read", "read"]);
    for (const [i, word] of ["alpha", "bravo", "charlie"].entries()) {
      expect(flat(done.pages[i]?.ocrText)).toContain(word);
    }
    // the text covers every page, in page order, one line break between pages
    const text = flat(done.ocrText);
    expect(text.indexOf("alpha")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("bravo")).toBeGreaterThan(text.indexOf("alpha"));
    expect(text.indexOf("charlie")).toBeGreaterThan(text.indexOf("bravo"));
    expect(done.ocrText).toBe(joinPageTexts(done.pages.map((p) => p.ocrText)));
    // each page read exactly once; each page its own stored photo
    expect(await attempts(m.id)).toEqual([1, 1, 1]);
    expect(await filesOf(m.id)).toEqual(done.pages.map((p) => `${p.id}.jpg`).sort());
    for (const p of done.pages) {
      const img = await fetchImage(client, p.imageUrl);
      expect(img.status).toBe(200);
      expect((await sharp(img.bytes).metadata()).width).toBe(p.width);
    }
    expect(done.originalImageUrl).toBe(done.pages[0]?.imageUrl);

    // a page moved: the recognised text follows the new order
    const [p1, p2, p3] = done.pages.map((p) => p.id) as [string, string, string];
    const moved = await client.put(`/api/manuscripts/${m.id}/pages/order`, { pageIds: [p3, p1, p2] });
    expect(moved.status).toBe(200);
    expect(moved.body.pages.map((p: { id: string }) => p.id)).toEqual([p3, p1, p2]);
    expect(moved.body.status).toBe("ocr_completed");
    const reordered = flat(moved.body.ocrText);
    expect(reordered.indexOf("charlie")).toBeLessThan(reordered.indexOf("alpha"));
    for (const pageIds of [
      [p1, p2],
      [p1, p1, p2],
      [p1, p2, m.id],
    ]) {
      const bad = await client.put(`/api/manuscripts/${m.id}/pages/order`, { pageIds });
      expect(bad.status).toBe(409);
      expect(bad.body.code).toBe("PAGES_CHANGED");
    }
    expect((await client.put(`/api/manuscripts/${m.id}/pages/order`, { pageIds: "x" })).status).toBe(400);

    // confirmed page by page: the page texts must make up the text, in the current order
    const pageTexts = [
      { pageId: p3, text: "Charlie page." },
      { pageId: p1, text: "Alpha page." },
      { pageId: p2, text: "Bravo page.  " },
    ];
    const confirmedText = joinPageTexts(pageTexts.map((p) => p.text));
    expect(confirmedText).toBe("Charlie page.\nAlpha page.\nBravo page.");
    const mismatch = await client.post(`/api/manuscripts/${m.id}/confirm-text`, {
      confirmedText: "Something else.",
      pageTexts,
    });
    expect(mismatch.status).toBe(400);
    const stale = await client.post(`/api/manuscripts/${m.id}/confirm-text`, {
      confirmedText,
      pageTexts: [pageTexts[1], pageTexts[0], pageTexts[2]],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("PAGES_CHANGED");
    const ok = await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText, pageTexts });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "text_confirmed", confirmedText });
    expect(ok.body.pages.map((p: { confirmedText: string }) => p.confirmedText)).toEqual(pageTexts.map((p) => p.text));

    // after confirmation the pages are locked
    const late = await uploadFile(client, m.id, photos[0] as Buffer);
    expect([late.status, late.body.code]).toEqual([409, "UPLOAD_LOCKED"]);
    const del = await client.delete(`/api/manuscripts/${m.id}/pages/${p1}`);
    expect([del.status, del.body.code]).toEqual([409, "PAGES_LOCKED"]);
    const order = await client.put(`/api/manuscripts/${m.id}/pages/order`, { pageIds: [p1, p2, p3] });
    expect([order.status, order.body.code]).toEqual([409, "PAGES_LOCKED"]);
    await pollManuscript(client, m.id, (x) => x.status === "graded");
  });

  it("a page added after recognition, or left unread by a failed run, is read; the pages read keep their text and are not read again", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    await uploadFile(client, m.id, photos[0] as Buffer);
    const one = await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null);
    const added = await uploadFile(client, m.id, photos[2] as Buffer);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: "uploaded", ocrText: one.ocrText });
    expect(added.body.pages.map((p: { state: string }) => p.state)).toEqual(["read", "waiting"]);
    const two = await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null);
    expect(two.pages[0]).toMatchObject({ ocrText: one.pages[0].ocrText, recognizedAt: one.pages[0].recognizedAt });
    expect(two.ocrText).toBe(`${one.ocrText}\n${two.pages[1].ocrText}`);
    expect(flat(two.pages[1].ocrText)).toContain("charlie");
    expect(await attempts(m.id)).toEqual([1, 1]);

    // a run that failed left page 2 unread: retrying reads page 2 only, page 1 keeps its text
    await t.db
      .update(manuscriptPages)
      .set({ recognizedAt: null, ocrText: null })
      .where(eq(manuscriptPages.id, two.pages[1].id));
    await t.db.update(manuscripts).set({ status: "uploaded" }).where(eq(manuscripts.id, m.id));
    const retry = await client.post(`/api/manuscripts/${m.id}/ocr`);
    expect(retry.status).toBe(200);
    expect(retry.body.pages.map((p: { state: string }) => p.state)).toEqual(["read", "waiting"]);
    expect(retry.body.ocrText).toBe(one.ocrText);
    const resumed = await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null);
    expect(resumed.pages[0].recognizedAt).toBe(one.pages[0].recognizedAt);
    expect(resumed.ocrText).toBe(two.ocrText);
    expect(await attempts(m.id)).toEqual([1, 2]);
  });

  it("every page has its own checks; an essay has at most 8 pages, also under parallel uploads", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    expect((await uploadFile(client, m.id, blank, "p.png", "image/png")).status).toBe(200);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0);
    blank.copy(big);
    const refused: [Buffer, string, number, string][] = [
      [Buffer.from("not an image at all\n"), "image/jpeg", 415, "UPLOAD_INVALID_TYPE"],
      [Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "image/gif", 415, "UPLOAD_INVALID_TYPE"],
      [big, "image/png", 413, "UPLOAD_TOO_LARGE"],
      [pngHeader(50_000, 50_000), "image/png", 422, "UPLOAD_TOO_MANY_PIXELS"],
    ];
    for (const [bytes, type, status, code] of refused) {
      const res = await uploadFile(client, m.id, bytes, "page", type);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    const after = ZManuscript.parse((await client.get(`/api/manuscripts/${m.id}`)).body);
    expect(after.pages).toHaveLength(1);
    expect(await filesOf(m.id)).toEqual([`${after.pages[0]?.id}.jpg`]);

    // ten pages at once onto a fresh essay: eight are taken, two refused, no file left behind
    const fresh = await created(client);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => uploadFile(client, fresh.id, blank, "p.png", "image/png")),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_PAGES);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual([
      "UPLOAD_TOO_MANY_PAGES",
      "UPLOAD_TOO_MANY_PAGES",
    ]);
    const full = ZManuscript.parse((await client.get(`/api/manuscripts/${fresh.id}`)).body);
    expect(full.pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await filesOf(fresh.id)).toHaveLength(MAX_PAGES);
    const ninth = await uploadFile(client, fresh.id, blank, "p.png", "image/png");
    expect([ninth.status, ninth.body.code]).toEqual([409, "UPLOAD_TOO_MANY_PAGES"]);
    // blank pages: recognition completes with an empty text and a reason
    const read = await pollManuscript(client, fresh.id, (x) => x.status === "ocr_completed" && x.job === null);
    expect(read.ocrText).toBe("");
    expect(read.ocrReason).toBeTruthy();
  });

  it("every page is its owner's: another teacher's page photo is 404", async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const m = await created(owner.client);
    const mine = await created(owner.client);
    await uploadFile(owner.client, m.id, blank, "p.png", "image/png");
    const up = await uploadFile(owner.client, m.id, blank, "p.png", "image/png");
    const other = await uploadFile(owner.client, mine.id, blank, "p.png", "image/png");
    const [a, b] = up.body.pages as { id: string; imageUrl: string }[];
    if (!a || !b) throw new Error("no pages");
    const s = stranger.client;
    for (const page of [a, b]) {
      expect((await fetchImage(s, page.imageUrl)).status).toBe(404);
      expect((await fetchImage(owner.client, page.imageUrl)).status).toBe(200);
      expect((await s.delete(`/api/manuscripts/${m.id}/pages/${page.id}`)).status).toBe(404);
    }
    expect((await fetchImage(s, `/api/manuscripts/${m.id}/image`)).status).toBe(404);
    expect((await s.put(`/api/manuscripts/${m.id}/pages/order`, { pageIds: [b.id, a.id] })).status).toBe(404);
    expect((await s.delete(`/api/manuscripts/${m.id}`)).status).toBe(404);
    // a page reached through another of the owner's manuscripts, or an id that is no page
    const foreign = other.body.pages[0].id;
    expect((await fetchImage(owner.client, `/api/manuscripts/${m.id}/pages/${foreign}/image`)).status).toBe(404);
    expect((await owner.client.delete(`/api/manuscripts/${m.id}/pages/${foreign}`)).status).toBe(404);
    expect((await fetchImage(owner.client, `/api/manuscripts/${m.id}/pages/not-a-uuid/image`)).status).toBe(404);
    const anon = t.client();
    expect((await fetchImage(anon, a.imageUrl)).status).toBe(401);
    expect((await anon.delete(`/api/manuscripts/${m.id}/pages/${a.id}`)).status).toBe(401);
    // nothing changed
    expect((await owner.client.get(`/api/manuscripts/${m.id}`)).body.pages).toHaveLength(2);
  });

  it("deleting a page removes its file; deleting the manuscript removes every file", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    for (const photo of photos) await uploadFile(client, m.id, photo);
    const read = ZManuscript.parse(
      await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null),
    );
    const [p1, p2, p3] = read.pages.map((p) => p.id) as [string, string, string];
    const del = await client.delete(`/api/manuscripts/${m.id}/pages/${p2}`);
    expect(del.status).toBe(200);
    expect(del.body.pages.map((p: { id: string; number: number }) => [p.id, p.number])).toEqual([
      [p1, 1],
      [p3, 2],
    ]);
    expect(del.body.status).toBe("ocr_completed");
    expect(flat(del.body.ocrText)).not.toContain("bravo");
    expect(flat(del.body.ocrText)).toContain("charlie");
    expect(await filesOf(m.id)).toEqual([`${p1}.jpg`, `${p3}.jpg`].sort());
    expect((await fetchImage(client, read.pages[1]?.imageUrl ?? "")).status).toBe(404);
    expect((await client.delete(`/api/manuscripts/${m.id}/pages/${p2}`)).status).toBe(404);

    await client.delete(`/api/manuscripts/${m.id}/pages/${p1}`);
    const empty = await client.delete(`/api/manuscripts/${m.id}/pages/${p3}`);
    expect(empty.body).toMatchObject({ status: "created", pages: [], ocrText: null, originalImageUrl: "" });
    expect(await filesOf(m.id)).toEqual([]);

    // a manuscript deleted with its pages
    await uploadFile(client, m.id, blank, "p.png", "image/png");
    await uploadFile(client, m.id, blank, "p.png", "image/png");
    expect(await filesOf(m.id)).toHaveLength(2);
    expect((await client.delete(`/api/manuscripts/${m.id}`)).status).toBe(204);
    expect(await filesOf(m.id)).toEqual([]);
    expect((await client.get(`/api/manuscripts/${m.id}`)).status).toBe(404);
    const rows = await t.db.select().from(manuscriptPages).where(eq(manuscriptPages.manuscriptId, m.id));
    expect(rows).toEqual([]);
  });

  it("a student's submission takes several pages with the same checks; a student's pages are their own", async () => {
    const account = async (role: "teacher" | "student") => {
      const { user } = await createUser(t.db, { name: role === "teacher" ? "Ms Chen" : "Wang Fang", role });
      const client = t.client();
      await client.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password: STRONG_PASSWORD });
      return { user, client };
    };
    const teacher = await account("teacher");
    const student = await account("student");
    const classmate = await account("student");
    const klass = (await teacher.client.post("/api/classes", { name: "Class 5", grade: "Grade 3", subject: "Chinese" }))
      .body;
    for (const [s, n] of [
      [student, "S-01"],
      [classmate, "S-02"],
    ] as const) {
      await addToClass(teacher.client, s, klass.id, n);
    }
    const assignment = ZTeacherAssignment.parse(
      (
        await teacher.client.post(`/api/classes/${klass.id}/assignments`, {
          title: "Sports day",
          topic: "Write about our sports day.",
          targetLength: 300,
          language: "en",
        })
      ).body,
    );
    const sub = (await student.client.post("/api/student/submissions", { assignmentId: assignment.id })).body;
    const url = `/api/student/submissions/${sub.id}`;
    for (const photo of photos.slice(0, 2)) {
      expect((await postImage(student.client, `${url}/upload`, photo)).status).toBe(200);
    }
    const bad = await postImage(student.client, `${url}/upload`, Buffer.from("text"), "x.jpg");
    expect([bad.status, bad.body.code]).toEqual([415, "UPLOAD_INVALID_TYPE"]);
    const two = ZStudentSubmission.parse((await student.client.get(url)).body);
    expect(two).toMatchObject({ state: "submitted", canUpload: true });
    expect(two.pages.map((p) => p.number)).toEqual([1, 2]);
    const [s1, s2] = two.pages as [(typeof two.pages)[0], (typeof two.pages)[0]];
    expect((await fetchImage(student.client, s2.imageUrl)).status).toBe(200);
    // a classmate cannot see or change them; the teacher sees the same pages on the manuscript
    expect((await fetchImage(classmate.client, s2.imageUrl)).status).toBe(403);
    expect((await classmate.client.delete(`${url}/pages/${s1.id}`)).status).toBe(403);
    expect((await teacher.client.delete(`${url}/pages/${s1.id}`)).status).toBe(403);

    const swapped = await student.client.put(`${url}/pages/order`, { pageIds: [s2.id, s1.id] });
    expect(swapped.body.pages.map((p: { id: string }) => p.id)).toEqual([s2.id, s1.id]);
    const removed = await student.client.delete(`${url}/pages/${s1.id}`);
    expect(removed.body.pages.map((p: { id: string }) => p.id)).toEqual([s2.id]);
    const detail = (await teacher.client.get(`/api/assignments/${assignment.id}`)).body;
    const manuscriptId = detail.rows.find((r: { student: { id: string } }) => r.student.id === student.user.id)
      .submission.manuscriptId;
    const m = await pollManuscript(teacher.client, manuscriptId, (x) => x.status === "ocr_completed" && x.job === null);
    expect(m.pages.map((p: { id: string }) => p.id)).toEqual([s2.id]);
    expect(flat(m.ocrText)).toContain("bravo");
    expect(await filesOf(manuscriptId)).toEqual([`${s2.id}.jpg`]);
    // the teacher cannot delete a student's submission from the grading API
    const del = await teacher.client.delete(`/api/manuscripts/${manuscriptId}`);
    expect([del.status, del.body.code]).toEqual([409, "MANUSCRIPT_IS_SUBMISSION"]);
  });
});
