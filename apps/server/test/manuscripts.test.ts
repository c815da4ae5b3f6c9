import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { bandForScore, MAX_UPLOAD_BYTES, ZManuscript, ZManuscriptList } from "@essay/contract";
import type { OcrEngine } from "@essay/ocr";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { manuscriptJobs, manuscripts, submissions } from "../src/db/schema.ts";
import { reconcileFailedJobs } from "../src/jobs/reconcile.ts";
import { createUser, signedIn } from "./factories.ts";
import { testDatabases } from "./harness.ts";
import {
  type ManuscriptTestApp,
  pngHeader,
  pollManuscript,
  renderPage,
  sharedOcr,
  startManuscriptApp,
  uploadFile,
} from "./manuscripts-harness.ts";

const STUDENT = { studentName: "Li Hua", studentClass: "Grade 8 Class 2", studentId: "S2024001" };

// Recognition shares 2 cores with the other test files: allow for slow runs.
vi.setConfig({ testTimeout: 150_000 });

const ocr: OcrEngine = sharedOcr();
afterAll(() => ocr.close());

describe.each(testDatabases())("manuscripts (%s)", (kind) => {
  let t: ManuscriptTestApp;
  let page: Buffer;
  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
    page = await renderPage(undefined, "jpeg");
  });
  afterAll(() => t?.close());

  // biome-ignore lint/suspicious/noExplicitAny: test client
  async function created(client: any, extra: Record<string, unknown> = {}) {
    const res = await client.post("/api/manuscripts", { ...STUDENT, ...extra });
    expect(res.status).toBe(201);
    return ZManuscript.parse(res.body);
  }

  const ESSAY =
    "Sports Day at Our School\n\nLast Friday our school held its sports day on the playground. " +
    "More than three hundred students took part in running, jumping and relay races. " +
    '"It was the best day of the year," said our headmaster, Mr Chen. Everyone cheered for their classmates.';

  // biome-ignore lint/suspicious/noExplicitAny: test client
  async function gradedWith(client: any, text: string) {
    const m = await created(client);
    expect((await uploadFile(client, m.id, page)).status).toBe(200);
    expect((await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: text })).status).toBe(200);
    return ZManuscript.parse(await pollManuscript(client, m.id, (x) => x.status === "graded" && x.job === null));
  }

  it("a teacher's own score replaces the total, survives a re-grade and can be reset", async () => {
    const { client } = await signedIn(t);
    const graded = await gradedWith(client, ESSAY);
    expect(graded.teacherScore).toBeNull();
    expect(graded.machineScore).toBe(graded.score);
    const own = graded.score === 33 ? 34 : 33;

    expect((await client.put(`/api/manuscripts/${graded.id}/teacher-score`, { score: 41 })).status).toBe(400);
    expect((await client.put(`/api/manuscripts/${graded.id}/teacher-score`, { score: 12.5 })).status).toBe(400);
    const other = await signedIn(t);
    expect((await other.client.put(`/api/manuscripts/${graded.id}/teacher-score`, { score: own })).status).toBe(404);

    const set = await client.put(`/api/manuscripts/${graded.id}/teacher-score`, { score: own });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      score: own,
      teacherScore: own,
      machineScore: graded.score,
      grade: bandForScore(own),
    });
    // the overall comment quotes the score the report shows, not the grader's
    expect(graded.feedback?.overall.startsWith(`${graded.score}/40`)).toBe(true);
    expect(set.body.feedback.overall.startsWith(`${own}/40`)).toBe(true);

    expect((await client.post(`/api/manuscripts/${graded.id}/grade`)).status).toBe(200);
    const regraded = await pollManuscript(client, graded.id, (x) => x.status === "graded" && x.job === null);
    expect(regraded).toMatchObject({ score: own, teacherScore: own });
    expect(regraded.feedback?.overall.startsWith(`${own}/40`)).toBe(true);

    const reset = await client.put(`/api/manuscripts/${graded.id}/teacher-score`, { score: null });
    expect(reset.body).toMatchObject({
      score: graded.score,
      teacherScore: null,
      grade: bandForScore(graded.score ?? 0),
    });
    expect(reset.body.feedback.overall.startsWith(`${graded.score}/40`)).toBe(true);

    const fresh = await created(client);
    const early = await client.put(`/api/manuscripts/${fresh.id}/teacher-score`, { score: 20 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("INVALID_STATE");
  });

  it("teacher scores calibrate the grader for the rest of the assignment", async () => {
    const { client, user } = await signedIn(t);
    const klass = (await client.post("/api/classes", { name: "Class 3", grade: "Grade 8", subject: "English" })).body;
    const assignment = (
      await client.post(`/api/classes/${klass.id}/assignments`, {
        title: "Sports day news",
        topic: "Write a news report on our sports day.",
        targetLength: 300,
        language: "en",
      })
    ).body;
    expect(assignment.id).toBeTruthy();
    const link = async (manuscriptId: string) => {
      const { user: student } = await createUser(t.db);
      await t.db.insert(submissions).values({ assignmentId: assignment.id, studentId: student.id, manuscriptId });
    };

    // Outside the assignment the grader's own scale holds; inside it, the teacher's score of an equal essay moves
    // the next one towards it: with one teacher score, a quarter of the teacher's difference.
    const first = await created(client);
    await link(first.id);
    expect((await uploadFile(client, first.id, page)).status).toBe(200);
    await client.post(`/api/manuscripts/${first.id}/confirm-text`, { confirmedText: ESSAY });
    const a = ZManuscript.parse(await pollManuscript(client, first.id, (x) => x.status === "graded" && x.job === null));
    expect(a.calibration).toEqual({ teacherScored: 0, calibratedOn: 0 });
    const teacher = (a.score ?? 0) >= 36 ? (a.score ?? 0) - 6 : (a.score ?? 0) + 4;
    const scored = await client.put(`/api/manuscripts/${a.id}/teacher-score`, { score: teacher });
    expect(scored.status).toBe(200);
    expect(scored.body.calibration).toEqual({ teacherScored: 1, calibratedOn: 0 });

    const second = await created(client);
    await link(second.id);
    expect((await uploadFile(client, second.id, page)).status).toBe(200);
    await client.post(`/api/manuscripts/${second.id}/confirm-text`, { confirmedText: ESSAY });
    const b = ZManuscript.parse(
      await pollManuscript(client, second.id, (x) => x.status === "graded" && x.job === null),
    );
    expect(b.teacherScore).toBeNull();
    expect(b.calibration).toEqual({ teacherScored: 1, calibratedOn: 1 });
    const detail = await client.get(`/api/assignments/${assignment.id}`);
    expect(detail.body.assignment).toMatchObject({ teacherScoredCount: 1, gradedCount: 2 });
    const machine = a.machineScore ?? 0;
    expect(Math.abs((b.score ?? 0) - (machine + (teacher - machine) / 4))).toBeLessThanOrEqual(1);
    expect(Math.sign((b.score ?? 0) - machine)).toBe(Math.sign(teacher - machine));

    const outside = await gradedWith(client, ESSAY);
    expect(outside.score).toBe(a.machineScore);
    expect(outside.calibration).toBeNull();
    expect(user.role).toBe("teacher");
  });

  it("the class's texts set the expected length where the level's table does not know the task", async () => {
    const { client, user } = await signedIn(t);
    const klass = (await client.post("/api/classes", { name: "Class 5", grade: "Grade 8", subject: "English" })).body;
    const topic = "Tell about a time when you were patient.";
    const assignment = (
      await client.post(`/api/classes/${klass.id}/assignments`, { title: "Patience", topic, language: "en" })
    ).body;
    // six classmates' confirmed answers of about 60 words (a grade-8 narrative is expected to run to ~310)
    const short = (i: number) =>
      `Last summer I waited ${i + 2} hours for my turn at the dentist. I was bored and a little scared, but I stayed calm. ` +
      "I read a book about sharks and talked with an old man who told me about his farm. When my name was called " +
      "I felt proud that I had been patient the whole time without complaining to my mother.";
    for (let i = 0; i < 6; i++) {
      const { user: student } = await createUser(t.db);
      const [row] = await t.db
        .insert(manuscripts)
        .values({
          userId: user.id,
          studentName: `Student ${i}`,
          studentClass: "Class 5",
          studentId: `S${i}`,
          teacherName: user.name,
          topic,
          schoolYear: 8,
          status: "text_confirmed",
          confirmedText: short(i),
        })
        .returning({ id: manuscripts.id });
      await t.db
        .insert(submissions)
        .values({ assignmentId: assignment.id, studentId: student.id, manuscriptId: row!.id });
    }
    const ESSAY_75 =
      `${short(9)} Later my sister asked how I could sit so long, and I told her that waiting is easier ` +
      "when you find something to do.";
    const gradeIn = async (linked: boolean) => {
      const m = await created(client, { topic, schoolYear: 8 });
      if (linked) {
        const { user: student } = await createUser(t.db);
        await t.db
          .insert(submissions)
          .values({ assignmentId: assignment.id, studentId: student.id, manuscriptId: m.id });
      }
      expect((await uploadFile(client, m.id, page)).status).toBe(200);
      await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null);
      const confirmed = await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: ESSAY_75 });
      expect(confirmed.status).toBe(200);
      return ZManuscript.parse(await pollManuscript(client, m.id, (x) => x.status === "graded" && x.job === null));
    };
    const inClass = await gradeIn(true);
    const alone = await gradeIn(false);
    // alone, 78 words are a quarter of a grade-8 narrative; in this class they are a full answer
    expect(inClass.score ?? 0).toBeGreaterThan(alone.score ?? 0);
    const said = JSON.stringify([inClass.feedback, inClass.criteria]);
    expect(said).toMatch(/这次习作全班一般约\d+词/);
    expect(JSON.stringify([alone.feedback, alone.criteria])).not.toMatch(/全班/);
  });

  it("runs the whole life cycle: create → upload → OCR → confirm → graded", async () => {
    const { client, user } = await signedIn(t);
    const m = await created(client);
    expect(m).toMatchObject({
      ...STUDENT,
      userId: user.id,
      teacherName: user.name,
      status: "created",
      originalImageUrl: "",
      targetLength: 500,
      job: null,
    });
    expect(m.topic).toMatch(/500/);

    const up = await uploadFile(client, m.id, page);
    expect(up.status).toBe(200);
    const uploaded = ZManuscript.parse(up.body);
    expect(uploaded.status).toBe("uploaded");
    expect(uploaded.job).toMatchObject({ kind: "ocr", state: "queued", attempts: 0 });
    expect(uploaded.pages).toHaveLength(1);
    expect(uploaded.originalImageUrl).toBe(`/api/manuscripts/${m.id}/pages/${uploaded.pages[0]?.id}/image`);
    expect(uploaded.job?.progress).toEqual({ page: null, read: 0, total: 1 });

    const img = await fetch(`${t.baseUrl}${uploaded.originalImageUrl}`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");

    const recognised = await pollManuscript(client, m.id, (x) => x.status === "ocr_completed");
    expect(recognised.job).toBeNull();
    expect(recognised.ocrText.toLowerCase()).toContain("sports day");
    expect(recognised.ocrEngine).toMatch(/embedded/);

    const text = `${recognised.ocrText}\nIt was a wonderful day for our whole school and we hope to have another one soon.`;
    const conf = await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: text });
    expect(conf.status).toBe(200);
    expect(conf.body).toMatchObject({ status: "text_confirmed", confirmedText: text, job: { kind: "grading" } });

    const graded = ZManuscript.parse(await pollManuscript(client, m.id, (x) => x.status === "graded"));
    expect(graded.job).toBeNull();
    const sum = (graded.criteria ?? []).reduce((a, c) => a + c.score, 0);
    expect(graded.score).toBeCloseTo(sum, 5);
    expect(graded.score).toBeGreaterThanOrEqual(0);
    expect(graded.score).toBeLessThanOrEqual(40);
    expect(graded.grade).toBe(bandForScore(graded.score ?? 0));
    expect(graded.feedback?.overall.length).toBeGreaterThan(0);
    // Feedback in the teacher's work language (zh-CN by default), whatever the essay's language.
    expect(user.workLanguage).toBe("zh-CN");
    expect(graded.feedback?.overall).toMatch(/[\u4e00-\u9fff]/);
    expect(graded.criteria?.map((c) => c.max).reduce((a, b) => a + b, 0)).toBe(40);
    expect(graded.gradingEngine).toBeTruthy();

    // Text is locked now; grading can be re-run as a new job.
    const again = await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: "other" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("TEXT_LOCKED");
    const reup = await uploadFile(client, m.id, page);
    expect(reup.status).toBe(409);
    expect(reup.body.code).toBe("UPLOAD_LOCKED");
    // The spec's empty body, even when labelled JSON.
    const regrade = await client.request("POST", `/api/manuscripts/${m.id}/grade`, undefined, {
      "content-type": "application/json",
    });
    expect(regrade.status).toBe(200);
    expect(regrade.body.job).toMatchObject({ kind: "grading", state: "queued" });
    const regraded = await pollManuscript(client, m.id, (x) => x.job === null);
    expect(regraded.status).toBe("graded");
    expect(regraded.score).toBe(graded.score);
  });

  it("takes the target length from a topic that names it, unless the teacher set one", async () => {
    const { client } = await signedIn(t);
    const letter = await client.post("/api/manuscripts", {
      ...STUDENT,
      topic: "Write a letter of 100-120 words to your pen friend about your school.",
    });
    expect(letter.body).toMatchObject({ targetLength: 110 });
    const zh = await client.post("/api/manuscripts", {
      ...STUDENT,
      topic: "以“我的妈妈”为题写一篇作文，不少于400字。",
    });
    expect(zh.body).toMatchObject({ targetLength: 400 });
    const set = await client.post("/api/manuscripts", { ...STUDENT, topic: "About 120 words.", targetLength: 150 });
    expect(set.body).toMatchObject({ targetLength: 150 });
    expect(set.body).toMatchObject({ targetLengthSource: "teacher" });
    // no length named: the level's usual length (a grade-3 story in Chinese: 250 characters), else the default year's
    const none = await client.post("/api/manuscripts", { ...STUDENT, topic: "My best friend" });
    expect(none.body).toMatchObject({ targetLength: 310, targetLengthSource: "level", schoolYear: null });
    const g3 = await client.post("/api/manuscripts", { ...STUDENT, topic: "我的小猫", schoolYear: 3 });
    expect(g3.body).toMatchObject({
      targetLength: 250,
      targetLengthSource: "level",
      schoolYear: 3,
      genre: null,
      effectiveGenre: "narrative",
    });
    const letter3 = await client.post("/api/manuscripts", {
      ...STUDENT,
      topic: "我的小猫",
      schoolYear: 3,
      genre: "letter",
    });
    expect(letter3.body).toMatchObject({ targetLength: 150, genre: "letter", effectiveGenre: "letter" });
    // an empty topic is no topic, not the sample news report
    const blank = await client.post("/api/manuscripts", { ...STUDENT, topic: "", schoolYear: 3 });
    expect(blank.body).toMatchObject({ topic: "", effectiveGenre: "narrative", targetLength: 250 });
    expect((await client.post("/api/manuscripts", { ...STUDENT, schoolYear: 13 })).status).toBe(400);
  });

  it("keeps the topic, school year, genre and target editable until the text is confirmed", async () => {
    const { client } = await signedIn(t);
    const m = await created(client, { topic: "校园新闻报道：写一篇约500字的新闻报道。" });
    expect(m).toMatchObject({ effectiveGenre: "news", targetLength: 500, targetLengthSource: "topic" });
    const edit = await client.patch(`/api/manuscripts/${m.id}`, { topic: "放风筝", schoolYear: 3 });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      topic: "放风筝",
      schoolYear: 3,
      effectiveGenre: "narrative",
      targetLength: 250,
      targetLengthSource: "level",
    });
    const genre = await client.patch(`/api/manuscripts/${m.id}`, { genre: "descriptive", targetLength: 300 });
    expect(genre.body).toMatchObject({ genre: "descriptive", targetLength: 300, targetLengthSource: "teacher" });
    const back = await client.patch(`/api/manuscripts/${m.id}`, { genre: null, targetLength: null });
    expect(back.body).toMatchObject({ genre: null, effectiveGenre: "narrative", targetLength: 250 });
    expect((await client.patch(`/api/manuscripts/${m.id}`, { schoolYear: 0 })).status).toBe(400);
    expect((await client.patch(`/api/manuscripts/${m.id}`, { genre: "poem" })).status).toBe(400);
    expect((await client.patch(`/api/manuscripts/${m.id}`, { studentName: "x" })).status).toBe(400);
    const other = await signedIn(t);
    expect((await other.client.patch(`/api/manuscripts/${m.id}`, { topic: "x" })).status).toBe(404);

    expect((await uploadFile(client, m.id, page)).status).toBe(200);
    await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: "星期天，我和妈妈去公园放风筝。" });
    const locked = await client.patch(`/api/manuscripts/${m.id}`, { topic: "别的题目" });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe("TEXT_LOCKED");
    expect((await client.get(`/api/manuscripts/${m.id}`)).body.topic).toBe("放风筝");
  });

  it("a teacher's criterion scores replace the grader's, make the total and survive a re-grade", async () => {
    const { client } = await signedIn(t);
    const graded = await gradedWith(client, ESSAY);
    const language = graded.criteria?.find((c) => c.key === "language");
    expect(language).toMatchObject({ machineScore: language?.score, teacherScore: null });
    const own = (language?.score ?? 0) >= 9 ? 4 : (language?.score ?? 0) + 1;
    const url = `/api/manuscripts/${graded.id}/teacher-score`;

    expect((await client.put(url, { criteria: { style: 3 } })).status).toBe(400);
    expect((await client.put(url, { criteria: { language: 11 } })).status).toBe(400);
    expect((await client.put(url, {})).status).toBe(400);

    const set = await client.put(url, { criteria: { language: own } });
    expect(set.status).toBe(200);
    const m = ZManuscript.parse(set.body);
    const total = (graded.score ?? 0) - (language?.score ?? 0) + own;
    expect(m).toMatchObject({ score: total, teacherScore: total, machineScore: graded.score });
    expect(m.criteria?.find((c) => c.key === "language")).toMatchObject({
      score: own,
      teacherScore: own,
      machineScore: language?.score,
    });
    expect(m.criteria?.reduce((a, c) => a + c.score, 0)).toBe(m.score);
    expect(m.feedback?.overall.startsWith(`${total}/40`)).toBe(true);

    expect((await client.post(`/api/manuscripts/${graded.id}/grade`)).status).toBe(200);
    const regraded = ZManuscript.parse(
      await pollManuscript(client, graded.id, (x) => x.status === "graded" && x.job === null),
    );
    expect(regraded.criteria?.find((c) => c.key === "language")?.score).toBe(own);
    expect(regraded.score).toBe(total);

    // a total alone replaces the criterion scores; null returns to the grader's
    const totalOnly = await client.put(url, { score: 20 });
    expect(totalOnly.body).toMatchObject({ score: 20, teacherScore: 20 });
    expect(totalOnly.body.criteria.find((c: { key: string }) => c.key === "language").teacherScore).toBeNull();
    await client.put(url, { criteria: { language: own } });
    const cleared = await client.put(url, { criteria: { language: null } });
    expect(cleared.body).toMatchObject({ score: graded.score, teacherScore: null });
  });

  it("lists own manuscripts newest first, paginated", async () => {
    const { client, user } = await signedIn(t);
    const other = await signedIn(t);
    // userId and teacherName come from the session, whatever the body says about the owner.
    const spoof = await client.post("/api/manuscripts", { ...STUDENT, userId: other.user.id, originalImageUrl: "x" });
    expect(spoof.body).toMatchObject({ userId: user.id, originalImageUrl: "" });
    expect((await other.client.get(`/api/manuscripts/${spoof.body.id}`)).status).toBe(404);
    const custom = await client.post("/api/manuscripts", {
      ...STUDENT,
      teacherName: "Ms Zhang",
      topic: "My summer",
      targetLength: 300,
    });
    expect(custom.body).toMatchObject({ teacherName: "Ms Zhang", topic: "My summer", targetLength: 300 });
    const a = await created(client);
    const b = await created(client);
    const c = await created(client);
    await created(other.client);
    const p1 = ZManuscriptList.parse((await client.get("/api/manuscripts?page=1&pageSize=2")).body);
    expect(p1.total).toBe(5);
    expect(p1.items.map((i) => i.id)).toEqual([c.id, b.id]);
    const p2 = ZManuscriptList.parse((await client.get("/api/manuscripts?page=2&pageSize=2")).body);
    expect(p2.items.map((i) => i.id)).toEqual([a.id, custom.body.id]);
  });

  it("refuses incomplete student info and signed-out calls", async () => {
    const { client } = await signedIn(t);
    for (const body of [{}, { ...STUDENT, studentName: "" }, { ...STUDENT, studentId: "  " }, { studentName: "x" }]) {
      const res = await client.post("/api/manuscripts", body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("STUDENT_INFO_INCOMPLETE");
      expect(res.body.message).toBe("Incomplete information: please fill in complete student information");
    }
    const m = await created(client);
    const anon = t.client();
    expect((await anon.post("/api/manuscripts", STUDENT)).status).toBe(401);
    expect((await anon.get("/api/manuscripts")).status).toBe(401);
    expect((await anon.get(`/api/manuscripts/${m.id}`)).status).toBe(401);
    expect((await uploadFile(anon, m.id, page)).status).toBe(401);
    expect((await anon.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: "x" })).status).toBe(401);
    expect((await anon.get(`/api/manuscripts/${m.id}/image`)).status).toBe(401);
    expect((await anon.post("/api/text-correction", { text: "x" })).status).toBe(401);
  });

  it("hides other teachers' manuscripts (404) and unknown ids", async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const m = await created(owner.client);
    expect((await uploadFile(owner.client, m.id, page)).status).toBe(200);
    const s = stranger.client;
    expect((await s.get(`/api/manuscripts/${m.id}`)).status).toBe(404);
    expect((await uploadFile(s, m.id, page)).status).toBe(404);
    expect((await s.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: "x" })).status).toBe(404);
    expect((await s.get(`/api/manuscripts/${m.id}/image`)).status).toBe(404);
    expect((await s.post(`/api/manuscripts/${m.id}/ocr`)).status).toBe(404);
    expect((await s.post(`/api/manuscripts/${m.id}/grade`)).status).toBe(404);
    const unknown = await uploadFile(owner.client, "00000000-0000-4000-8000-000000000000", page);
    expect(unknown.status).toBe(404);
    expect((await owner.client.get("/api/manuscripts/not-a-uuid")).status).toBe(404);
  });

  it("refuses bad uploads and leaves the record unchanged", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    const cases: [Uint8Array, string, string, number, string][] = [
      [Buffer.from("just some text, not an image\n"), "essay.jpg", "image/jpeg", 415, "UPLOAD_INVALID_TYPE"],
      [Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "essay.gif", "image/gif", 415, "UPLOAD_INVALID_TYPE"],
      [page.subarray(0, Math.floor(page.length / 2)), "half.jpg", "image/jpeg", 422, "UPLOAD_CORRUPT"],
      [Buffer.concat([page.subarray(0, 20), Buffer.alloc(2000, 7)]), "junk.jpg", "image/jpeg", 422, "UPLOAD_CORRUPT"],
    ];
    for (const [bytes, name, type, status, code] of cases) {
      const res = await uploadFile(client, m.id, bytes, name, type);
      expect(res.status, code).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0);
    page.copy(big);
    const tooBig = await uploadFile(client, m.id, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe("UPLOAD_TOO_LARGE");
    // A PNG header claiming 50 000 × 50 000 pixels: refused from the header, never decoded.
    const bomb = pngHeader(50_000, 50_000);
    const bombRes = await uploadFile(client, m.id, bomb, "bomb.png", "image/png");
    expect(bombRes.status).toBe(422);
    expect(bombRes.body.code).toBe("UPLOAD_TOO_MANY_PIXELS");
    const wrongField = await uploadFile(client, m.id, page, "essay.jpg", "image/jpeg", "photo");
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.code).toBe("UPLOAD_NO_FILE");
    const after = (await client.get(`/api/manuscripts/${m.id}`)).body;
    expect(after).toMatchObject({ status: "created", originalImageUrl: "", job: null });
  });

  it("accepts PNG by content whatever the name, applies EXIF orientation, strips metadata", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    const png = await renderPage(undefined, "png");
    expect((await uploadFile(client, m.id, png, "scan.bin", "application/octet-stream")).status).toBe(200);
    // 600×300 JPEG tagged "rotate 90° clockwise": stored upright as 300×600 without EXIF.
    const m2 = await created(client);
    const rotated = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#fff" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await uploadFile(client, m2.id, rotated);
    expect(res.status).toBe(200);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const stored = Buffer.from(
      await (await fetch(`${t.baseUrl}${res.body.originalImageUrl}`, { headers: { cookie } })).arrayBuffer(),
    );
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([300, 600]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    // A blank page: recognition finds nothing, status still moves on with a reason.
    const blank = await pollManuscript(client, m2.id, (x) => x.status === "ocr_completed");
    expect(blank.ocrText).toBe("");
    expect(blank.ocrReason).toBeTruthy();
  });

  it("a second upload adds page 2; re-running recognition reads every page again; confirm refuses blank text", async () => {
    const { client } = await signedIn(t);
    const m = await created(client);
    const first = await uploadFile(client, m.id, page);
    const one = await pollManuscript(client, m.id, (x) => x.status === "ocr_completed");
    const other = await renderPage(["A new photo of the same essay."], "png");
    const second = await uploadFile(client, m.id, other, "b.png", "image/png");
    expect(second.status).toBe(200);
    expect(second.body.status).toBe("uploaded");
    // page 1 keeps its text while page 2 is read
    expect(second.body.ocrText).toBe(one.ocrText);
    expect(second.body.pages.map((p: { state: string }) => p.state)).toEqual(["read", "waiting"]);
    expect(second.body.originalImageUrl).toBe(first.body.originalImageUrl);
    const done = await pollManuscript(client, m.id, (x) => x.status === "ocr_completed");
    const flat = done.ocrText.toLowerCase().replace(/\s+/g, "");
    expect(flat.indexOf("sportsday")).toBeGreaterThanOrEqual(0);
    expect(flat.indexOf("newphoto")).toBeGreaterThan(flat.indexOf("sportsday"));
    expect(await t.storage.get(`manuscripts/${m.id}/${done.pages[0].id}.jpg`)).not.toBeNull();

    const rerun = await client.post(`/api/manuscripts/${m.id}/ocr`);
    expect(rerun.status).toBe(200);
    expect(rerun.body).toMatchObject({ status: "uploaded", ocrText: null, job: { kind: "ocr", state: "queued" } });
    const again = await pollManuscript(client, m.id, (x) => x.status === "ocr_completed" && x.job === null);
    expect(again.ocrText).toBe(done.ocrText);

    for (const confirmedText of ["", "   \n  "]) {
      const res = await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("TEXT_EMPTY");
    }
    const early = await client.post(`/api/manuscripts/${(await created(client)).id}/confirm-text`, {
      confirmedText: "text",
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("INVALID_STATE");
    const grade = await client.post(`/api/manuscripts/${m.id}/grade`);
    expect(grade.status).toBe(409);
    expect(grade.body.code).toBe("INVALID_STATE");
  });

  it("suggests text corrections for the signed-in user", async () => {
    const { client } = await signedIn(t);
    const res = await client.post("/api/text-correction", {
      text: "Our scool held a sports day. Evryone was happy.",
      language: "en",
    });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.suggestions)).toBe(true);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    expect((await client.post("/api/text-correction", { text: "" })).body).toEqual({ suggestions: [] });
  });

  it("tells OCR slips from the student's own errors, with the recogniser's evidence when given", async () => {
    const { client } = await signedIn(t);
    const text = "I recieve the lncel every week.";
    const plain = await client.post("/api/text-correction", { text, language: "en" });
    const byWord = (body: { suggestions: { original: string }[] }, w: string) =>
      body.suggestions.find((x) => x.original === w);
    expect(byWord(plain.body, "recieve")).toMatchObject({
      suggested: "receive",
      kind: "student",
      evidence: "learner-slip",
      rule: "spelling",
    });
    expect(byWord(plain.body, "lncel")).toMatchObject({ kind: "ocr", evidence: "implausible-string" });
    const unsure = await client.post("/api/text-correction", {
      text,
      language: "en",
      readings: [{ offset: text.indexOf("recieve") + 4, length: 1, confidence: 0.3 }],
    });
    expect(byWord(unsure.body, "recieve")).toMatchObject({ kind: "ocr", evidence: "low-confidence" });
    const zh = await client.post("/api/text-correction", { text: "我们去河边diao鱼，他hai是很开心。", language: "zh" });
    expect(byWord(zh.body, "hai")).toMatchObject({ suggested: "还", kind: "student", rule: "pinyin" });
    const bad = await client.post("/api/text-correction", {
      text,
      readings: [{ offset: -1, length: 1, confidence: 2 }],
    });
    expect(bad.status).toBe(400);
  });
});

describe.each(testDatabases())("manuscript job failures (%s)", (kind) => {
  let t: ManuscriptTestApp;
  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
  });
  afterAll(() => t?.close());

  it("a permanent recognition error fails the run with OCR_FAILED; text can still be typed in", async () => {
    const { client } = await signedIn(t);
    const m = (await client.post("/api/manuscripts", STUDENT)).body;
    const up = await uploadFile(client, m.id, await renderPage(undefined, "jpeg"));
    await pollManuscript(client, m.id, (x) => x.status === "ocr_completed");
    // The stored photo disappears (disk wiped): re-running recognition cannot succeed.
    const key = `manuscripts/${m.id}/${up.body.pages[0].id}.jpg`;
    await t.storage.delete(key);
    expect((await client.post(`/api/manuscripts/${m.id}/ocr`)).status).toBe(200);
    const failed = await pollManuscript(client, m.id, (x) => x.job?.state === "failed");
    expect(failed.job).toMatchObject({ kind: "ocr", state: "failed", errorCode: "OCR_FAILED", attempts: 1 });
    expect(failed.job.error).toMatch(/missing/);
    expect(failed.status).toBe("uploaded");
    const conf = await client.post(`/api/manuscripts/${m.id}/confirm-text`, { confirmedText: "Typed by the teacher." });
    expect(conf.status).toBe(200);
    await pollManuscript(client, m.id, (x) => x.status === "graded");
  });

  it("a failed database write removes the new photo; a failed file write leaves the record unchanged", async () => {
    const { client } = await signedIn(t);
    // A real database failure: a trigger refuses updates of this one manuscript.
    const m = (await client.post("/api/manuscripts", { ...STUDENT, studentId: "REFUSE-WRITES" })).body;
    await t.db.execute(
      sql.raw(
        "CREATE OR REPLACE FUNCTION refuse_write() RETURNS trigger AS $f$ BEGIN RAISE EXCEPTION 'refused'; END $f$ LANGUAGE plpgsql",
      ),
    );
    await t.db.execute(
      sql.raw(
        "CREATE TRIGGER refuse_write BEFORE UPDATE ON manuscripts FOR EACH ROW WHEN (OLD.student_id = 'REFUSE-WRITES') EXECUTE FUNCTION refuse_write()",
      ),
    );
    try {
      const res = await uploadFile(client, m.id, await renderPage(undefined, "jpeg"));
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql.raw("DROP TRIGGER refuse_write ON manuscripts"));
    }
    const dir = path.join(t.storage.root, "manuscripts", m.id);
    expect(await readdir(dir).catch(() => [])).toEqual([]);
    const after = (await client.get(`/api/manuscripts/${m.id}`)).body;
    expect(after).toMatchObject({ status: "created", originalImageUrl: "", job: null });
    expect(await t.db.select().from(manuscriptJobs).where(eq(manuscriptJobs.manuscriptId, m.id))).toEqual([]);

    // A real file-system failure: a plain file sits where the manuscript's folder must go.
    const m2 = (await client.post("/api/manuscripts", STUDENT)).body;
    await mkdir(path.join(t.storage.root, "manuscripts"), { recursive: true });
    await writeFile(path.join(t.storage.root, "manuscripts", m2.id), "not a folder");
    const res2 = await uploadFile(client, m2.id, await renderPage(undefined, "jpeg"));
    expect(res2.status).toBe(500);
    expect((await client.get(`/api/manuscripts/${m2.id}`)).body).toMatchObject({ status: "created", job: null });
    const runs = await t.db.select().from(manuscriptJobs).where(eq(manuscriptJobs.manuscriptId, m2.id));
    expect(runs).toEqual([]);
  });

  it("a run that failed inside the queue (expired on every attempt) is reported failed", async () => {
    const { client } = await signedIn(t);
    const m = (await client.post("/api/manuscripts", STUDENT)).body;
    await uploadFile(client, m.id, await renderPage(undefined, "jpeg"));
    await pollManuscript(client, m.id, (x) => x.status === "ocr_completed");
    const [run] = await t.db.select().from(manuscriptJobs).where(eq(manuscriptJobs.manuscriptId, m.id));
    if (!run?.bossJobId) throw new Error("no run");
    // Simulate: worker died on every attempt, pg-boss gave up.
    await t.db.update(manuscriptJobs).set({ state: "running" }).where(eq(manuscriptJobs.id, run.id));
    await t.db.execute(sql`UPDATE pgboss.job SET state = 'failed' WHERE id = ${run.bossJobId}`);
    expect(await reconcileFailedJobs(t.db)).toBe(1);
    const after = (await client.get(`/api/manuscripts/${m.id}`)).body;
    expect(after.job).toMatchObject({ kind: "ocr", state: "failed", errorCode: "OCR_FAILED" });
  });
});
