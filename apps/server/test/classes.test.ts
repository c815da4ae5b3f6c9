import {
  ZAssignmentDetail,
  ZClassAddition,
  ZClassDetail,
  ZClassSummary,
  ZStudentAssignment,
  ZStudentClass,
  ZStudentSubmission,
  ZTeacherAssignment,
} from "@essay/contract";
import type { OcrEngine, RecognizeOptions } from "@essay/ocr";
import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manuscriptJobs } from "../src/db/schema.ts";
import { addToClass } from "./class-members.ts";
import { createUser, STRONG_PASSWORD } from "./factories.ts";
import { type TestClient, testDatabases } from "./harness.ts";
import {
  type ManuscriptTestApp,
  pollManuscript,
  renderPage,
  sharedOcr,
  startManuscriptApp,
} from "./manuscripts-harness.ts";

const engine: OcrEngine = sharedOcr();
afterAll(() => engine.close());
/** The real engine; each call's options are noted, to see which language the recogniser was told. */
const hints: (string | undefined)[] = [];
const ocr: OcrEngine = {
  id: engine.id,
  get version() {
    return engine.version;
  },
  recognize(image: Uint8Array, opts?: RecognizeOptions, signal?: AbortSignal) {
    hints.push(opts?.languageHint);
    return engine.recognize(image, opts, signal);
  },
  warmup: () => engine.warmup(),
  close: async () => {},
};

/** A signed-in browser of a new account with `role`. */
async function account(
  t: ManuscriptTestApp,
  role: "teacher" | "student",
  name = role === "teacher" ? "Ms Chen" : "Li Hua",
) {
  const { user } = await createUser(t.db, { name, role });
  const client = t.client();
  const res = await client.post("/api/auth/login-password", {
    phoneNumber: user.phoneNumber,
    password: STRONG_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return { user, client };
}

/** POST multipart to a student submission. */
async function uploadSubmission(client: TestClient, id: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("image", new Blob([bytes], { type: "image/jpeg" }), "essay.jpg");
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${client.baseUrl}/api/student/submissions/${id}/upload`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const ASSIGNMENT = {
  title: "Sports day news",
  topic: "Write a news report of about 300 words on our sports day.",
  targetLength: 300,
  language: "en",
  dueAt: "2030-06-01T08:00:00.000Z",
};

describe.each(testDatabases())("classes, assignments and submissions (%s)", (kind) => {
  let t: ManuscriptTestApp;
  let page: Buffer;
  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
    page = await renderPage(undefined, "jpeg");
  });
  afterAll(async () => {
    // Let recognition started by uploads finish before the database and workers shut down.
    const until = Date.now() + 60_000;
    while (t && Date.now() < until) {
      const open = await t.db
        .select({ n: count() })
        .from(manuscriptJobs)
        .where(inArray(manuscriptJobs.state, ["queued", "running"]));
      if ((open[0]?.n ?? 0) === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await t?.close();
  });

  /** A teacher with a class and an assignment, and a student in that class. */
  async function setup() {
    const teacher = await account(t, "teacher");
    const student = await account(t, "student");
    const klass = ZClassSummary.parse(
      (await teacher.client.post("/api/classes", { name: "Class 2", grade: "Grade 8", subject: "English" })).body,
    );
    await addToClass(teacher.client, student, klass.id, "S-01");
    const created = await teacher.client.post(`/api/classes/${klass.id}/assignments`, ASSIGNMENT);
    expect(created.status).toBe(201);
    const assignment = ZTeacherAssignment.parse(created.body);
    return { teacher, student, klass, assignment };
  }

  it("classes and assignments carry the students' school year, assignments a genre and a target that follow them", async () => {
    const teacher = await account(t, "teacher");
    const c = teacher.client;
    const third = ZClassSummary.parse(
      (await c.post("/api/classes", { name: "三班", grade: "三年级", subject: "语文" })).body,
    );
    expect(third.schoolYear).toBe(3);
    const explicit = (await c.post("/api/classes", { name: "A", grade: "Class A", subject: "语文", schoolYear: 11 }))
      .body;
    expect(explicit.schoolYear).toBe(11);
    const unknown = (await c.post("/api/classes", { name: "B", grade: "实验班", subject: "语文" })).body;
    expect(unknown.schoolYear).toBeNull();
    expect((await c.post("/api/classes", { name: "C", grade: "x", subject: "y", schoolYear: 0 })).status).toBe(400);

    const story = ZTeacherAssignment.parse(
      (await c.post(`/api/classes/${third.id}/assignments`, { title: "放风筝", topic: "放风筝", language: "zh-CN" }))
        .body,
    );
    expect(story).toMatchObject({ schoolYear: 3, genre: null, targetLength: 250, targetLengthSource: "level" });
    const letter = ZTeacherAssignment.parse(
      (
        await c.post(`/api/classes/${third.id}/assignments`, {
          title: "写信",
          topic: "给远方的朋友写一封信",
          language: "zh-CN",
          schoolYear: 5,
          genre: "letter",
        })
      ).body,
    );
    expect(letter).toMatchObject({ schoolYear: 5, genre: "letter", targetLength: 240, targetLengthSource: "level" });
    const named = (
      await c.post(`/api/classes/${explicit.id}/assignments`, {
        title: "议论文",
        topic: "不少于800字",
        language: "zh-CN",
      })
    ).body;
    expect(named).toMatchObject({ schoolYear: 11, targetLength: 800, targetLengthSource: "topic" });
    const bad = await c.post(`/api/classes/${third.id}/assignments`, {
      title: "x",
      topic: "y",
      language: "zh-CN",
      genre: "poem",
    });
    expect(bad.status).toBe(400);
  });

  it("runs the whole flow: class → assignment → submission → teacher grades → release → student sees the report", async () => {
    const { teacher, student, klass, assignment } = await setup();
    // the class's school year is read from its label ("Grade 8"); the assignment takes it from the class
    expect(klass.schoolYear).toBe(8);
    expect(assignment).toMatchObject({
      title: ASSIGNMENT.title,
      className: "Class 2",
      studentCount: 1,
      targetLength: 300,
      targetLengthSource: "teacher",
      schoolYear: 8,
      genre: null,
      teacherScoredCount: 0,
    });

    // The student sees the class and the assignment, not yet submitted.
    const classes = (await student.client.get("/api/student/classes")).body;
    expect(ZStudentClass.array().parse(classes)).toEqual([
      expect.objectContaining({ id: klass.id, teacherName: "Ms Chen", studentNumber: "S-01" }),
    ]);
    const before = ZStudentAssignment.array().parse((await student.client.get("/api/student/assignments")).body);
    expect(before).toEqual([expect.objectContaining({ id: assignment.id, submission: null, teacherName: "Ms Chen" })]);

    const created = await student.client.post("/api/student/submissions", { assignmentId: assignment.id });
    expect(created.status).toBe(201);
    const sub = ZStudentSubmission.parse(created.body);
    expect(sub).toMatchObject({ state: "not_submitted", canUpload: true, report: null, imageUrl: "" });
    // Creating again returns the same submission (one per student and assignment).
    expect((await student.client.post("/api/student/submissions", { assignmentId: assignment.id })).body.id).toBe(
      sub.id,
    );

    const up = await uploadSubmission(student.client, sub.id, page);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ state: "submitted", report: null });
    const image = await fetch(`${t.baseUrl}${up.body.imageUrl}`, {
      headers: { cookie: [...student.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");

    // The teacher's roster shows the submission; its manuscript carries the assignment's topic and the student.
    const detail = ZAssignmentDetail.parse((await teacher.client.get(`/api/assignments/${assignment.id}`)).body);
    expect(detail.assignment.submittedCount).toBe(1);
    const row = detail.rows[0];
    expect(row?.student).toMatchObject({ id: student.user.id, name: "Li Hua", studentNumber: "S-01" });
    const manuscriptId = row?.submission?.manuscriptId ?? "";
    const m = await pollManuscript(teacher.client, manuscriptId, (x) => x.status === "ocr_completed");
    // the assignment's essay language told the recogniser to read English
    expect(hints.at(-1)).toBe("en");
    expect(m).toMatchObject({
      studentName: "Li Hua",
      studentClass: "Grade 8 Class 2",
      studentId: "S-01",
      teacherName: "Ms Chen",
      topic: ASSIGNMENT.topic,
      targetLength: 300,
      schoolYear: 8,
      effectiveGenre: "news",
    });
    // The manuscript is in the teacher's own list (their grading flow).
    const list = (await teacher.client.get("/api/manuscripts")).body;
    expect(list.items.map((x: { id: string }) => x.id)).toContain(manuscriptId);

    // Releasing before grading is refused.
    expect((await teacher.client.post(`/api/submissions/${row?.submission?.id}/release`)).body.code).toBe(
      "NOT_GRADED_YET",
    );

    const confirmed = await teacher.client.post(`/api/manuscripts/${manuscriptId}/confirm-text`, {
      confirmedText: m.ocrText || "Our school held a sports day last Friday.",
    });
    expect(confirmed.status).toBe(200);
    const graded = await pollManuscript(teacher.client, manuscriptId, (x) => x.status === "graded");
    expect(graded.score).toBeGreaterThanOrEqual(0);

    // Graded but not released: the student sees neither score nor text, and can no longer replace the photo.
    const hidden = ZStudentSubmission.parse((await student.client.get(`/api/student/submissions/${sub.id}`)).body);
    expect(hidden).toMatchObject({ state: "submitted", report: null, releasedAt: null, canUpload: false });
    const listed = (await student.client.get("/api/student/assignments")).body;
    expect(JSON.stringify(listed)).not.toContain('"score"');
    expect((await uploadSubmission(student.client, sub.id, page)).body.code).toBe("UPLOAD_LOCKED");

    const released = await teacher.client.post(`/api/submissions/${row?.submission?.id}/release`);
    expect(released.status).toBe(200);
    const shown = ZStudentSubmission.parse((await student.client.get(`/api/student/submissions/${sub.id}`)).body);
    expect(shown.state).toBe("returned");
    expect(shown.report).toMatchObject({ score: graded.score, grade: graded.grade, topic: ASSIGNMENT.topic });
    expect(shown.report?.feedback?.overall).toBeTruthy();
    // The teacher works in Chinese; the report speaks the student's own work language.
    expect(graded.feedback?.overall.startsWith(`${graded.score}/40（`)).toBe(true);
    expect((await student.client.patch(`/api/users/${student.user.id}`, { workLanguage: "en" })).status).toBe(200);
    const english = ZStudentSubmission.parse((await student.client.get(`/api/student/submissions/${sub.id}`)).body);
    expect(english.report?.feedback?.overall).toMatch(
      new RegExp(`^${graded.score}/40 \\((Excellent|Good|Pass|Needs improvement|Fail)\\)\\. Graded as`),
    );
    expect(english.report?.criteria?.length).toBe(graded.criteria?.length);
    expect(english.report?.criteria?.map((c) => c.score)).toEqual(
      graded.criteria?.map((c: { score: number }) => c.score),
    );
    const listedEn = ZStudentAssignment.array().parse((await student.client.get("/api/student/assignments")).body);
    const inList = listedEn.find((a) => a.submission?.id === sub.id);
    expect(inList?.submission?.report?.feedback?.overall).toBe(english.report?.feedback?.overall);
    expect((await student.client.patch(`/api/users/${student.user.id}`, { workLanguage: "zh-Hant" })).status).toBe(200);
    const traditional = ZStudentSubmission.parse((await student.client.get(`/api/student/submissions/${sub.id}`)).body);
    expect(traditional.report?.feedback?.overall).toContain("本文共");
    expect(traditional.report?.feedback?.overall).not.toEqual(graded.feedback?.overall);
    // the teacher still reads it in their language, without the other versions
    const teacherView = (await teacher.client.get(`/api/manuscripts/${manuscriptId}`)).body;
    expect(teacherView.feedback.overall).toBe(graded.feedback?.overall);
    expect(teacherView.feedback.localized).toBeUndefined();

    // Withdrawing the release hides it again.
    await teacher.client.delete(`/api/submissions/${row?.submission?.id}/release`);
    expect((await student.client.get(`/api/student/submissions/${sub.id}`)).body.report).toBeNull();
  }, 120_000);

  it("students get 403 on every teacher route (classes, assignments, release, manuscripts, correction, invitations)", async () => {
    const { student, klass, assignment } = await setup();
    const c = student.client;
    const calls = [
      await c.get("/api/classes"),
      await c.post("/api/classes", { name: "Mine", grade: "8", subject: "English" }),
      await c.get(`/api/classes/${klass.id}`),
      await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: student.user.phoneNumber }),
      await c.post(`/api/classes/${klass.id}/assignments`, ASSIGNMENT),
      await c.get("/api/assignments"),
      await c.get(`/api/assignments/${assignment.id}`),
      await c.post(`/api/submissions/${assignment.id}/release`),
      await c.get("/api/manuscripts"),
      await c.post("/api/manuscripts", { studentName: "A", studentClass: "B", studentId: "C" }),
      await c.post("/api/text-correction", { text: "hello" }),
      await c.get("/api/invitations"),
      await c.post("/api/invitations", { invitedPhone: "+8613800138000" }),
    ];
    for (const res of calls) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FORBIDDEN");
    }
  });

  it("a student cannot open the manuscript behind their own submission through the teacher API", async () => {
    const { teacher, student, assignment } = await setup();
    const sub = (await student.client.post("/api/student/submissions", { assignmentId: assignment.id })).body;
    const detail = (await teacher.client.get(`/api/assignments/${assignment.id}`)).body;
    const manuscriptId = detail.rows[0].submission.manuscriptId;
    expect(sub.id).toBe(detail.rows[0].submission.id);
    expect((await student.client.get(`/api/manuscripts/${manuscriptId}`)).status).toBe(403);
    expect(
      (await student.client.post(`/api/manuscripts/${manuscriptId}/confirm-text`, { confirmedText: "x" })).status,
    ).toBe(403);
  });

  it("teachers get 403 on student routes", async () => {
    const { teacher, assignment } = await setup();
    const c = teacher.client;
    for (const res of [
      await c.get("/api/student/classes"),
      await c.get("/api/student/assignments"),
      await c.post("/api/student/classes/join", { code: "ABCDEF" }),
      await c.post("/api/student/submissions", { assignmentId: assignment.id }),
    ]) {
      expect(res.status).toBe(403);
    }
  });

  it("signed-out callers get 401 everywhere", async () => {
    const c = t.client();
    for (const res of [
      await c.get("/api/classes"),
      await c.get("/api/assignments"),
      await c.get("/api/student/assignments"),
      await c.get("/api/student/classes"),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it("a teacher sees only their own classes; another teacher's class, assignment and submission answer 403", async () => {
    const { student, klass, assignment } = await setup();
    const sub = (await student.client.post("/api/student/submissions", { assignmentId: assignment.id })).body;
    const other = await account(t, "teacher", "Mr Zhao");
    expect((await other.client.get("/api/classes")).body).toEqual([]);
    expect((await other.client.get("/api/assignments")).body).toEqual([]);
    const c = other.client;
    for (const res of [
      await c.get(`/api/classes/${klass.id}`),
      await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: student.user.phoneNumber }),
      await c.delete(`/api/classes/${klass.id}/students/${student.user.id}`),
      await c.post(`/api/classes/${klass.id}/assignments`, ASSIGNMENT),
      await c.get(`/api/assignments/${assignment.id}`),
      await c.post(`/api/submissions/${sub.id}/release`),
    ]) {
      expect(res.status).toBe(403);
    }
    // The manuscript behind the submission stays the owner's (404, as for any other teacher's manuscript).
    const detail = (await (await setupTeacherView()).get(`/api/assignments/${assignment.id}`)).body;
    expect(detail.code).toBe("FORBIDDEN");
    // Unknown ids are 404, not 403.
    expect((await c.get("/api/classes/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await c.get("/api/assignments/not-a-uuid")).status).toBe(404);

    async function setupTeacherView() {
      return (await account(t, "teacher", "Ms Sun")).client;
    }
  });

  it("a student cannot see, upload to, or view the photo of another student's submission", async () => {
    const { teacher, student, klass, assignment } = await setup();
    const classmate = await account(t, "student", "Wang Fang");
    await addToClass(teacher.client, classmate, klass.id);
    const sub = (await student.client.post("/api/student/submissions", { assignmentId: assignment.id })).body;
    await uploadSubmission(student.client, sub.id, page);
    const c = classmate.client;
    expect((await c.get(`/api/student/submissions/${sub.id}`)).status).toBe(403);
    expect((await c.get(`/api/student/submissions/${sub.id}/image`)).status).toBe(403);
    expect((await uploadSubmission(c, sub.id, page)).status).toBe(403);
    // The classmate's list shows the assignment with only their own (absent) submission.
    const theirs = (await c.get("/api/student/assignments")).body;
    expect(theirs).toEqual([expect.objectContaining({ id: assignment.id, submission: null })]);
  });

  it("a student outside the class cannot submit; joining by code lets them", async () => {
    const { klass, assignment } = await setup();
    const outsider = await account(t, "student", "Zhang Wei");
    const refused = await outsider.client.post("/api/student/submissions", { assignmentId: assignment.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_IN_CLASS");
    expect((await outsider.client.get("/api/student/assignments")).body).toEqual([]);

    expect((await outsider.client.post("/api/student/classes/join", { code: "zzzzzz" })).body.code).toBe(
      "JOIN_CODE_INVALID",
    );
    expect((await outsider.client.post("/api/student/classes/join", { code: "abc" })).status).toBe(400);
    const joined = await outsider.client.post("/api/student/classes/join", {
      code: ` ${klass.joinCode.toLowerCase()} `,
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: klass.id, studentNumber: "2" });
    expect((await outsider.client.post("/api/student/classes/join", { code: klass.joinCode })).body.code).toBe(
      "ALREADY_IN_CLASS",
    );
    expect((await outsider.client.post("/api/student/submissions", { assignmentId: assignment.id })).status).toBe(201);
  });

  it("class codes: 10 tries per student in 15 minutes (parallel too), a code that works is not counted", async () => {
    await t.testDb.database.query("delete from rate_limits where key like 'join:%'");
    const teacher = await account(t, "teacher");
    const klass = (await teacher.client.post("/api/classes", { name: "5-1", grade: "Grade 5", subject: "English" }))
      .body;
    const student = await account(t, "student", "Guess Who");
    const tries = await Promise.all(
      Array.from({ length: 30 }, () => student.client.post("/api/student/classes/join", { code: "ZZZZZZ" })),
    );
    expect(tries.filter((r) => r.body.code === "JOIN_CODE_INVALID")).toHaveLength(10);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(20);
    const blocked = await student.client.post("/api/student/classes/join", { code: klass.joinCode });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // another student with the right code: joins, and the try is taken back
    const other = await account(t, "student", "Right Code");
    expect((await other.client.post("/api/student/classes/join", { code: klass.joinCode })).status).toBe(200);
    const [row] = await t.testDb.database.query<{ hits: number }>("select hits from rate_limits where key = $1", [
      `join:student:${other.user.id}`,
    ]);
    expect(Number(row?.hits)).toBe(0);
  });

  it("validates classes, students and assignments", async () => {
    const { teacher, student, klass } = await setup();
    const c = teacher.client;
    expect((await c.post("/api/classes", { name: "", grade: "8", subject: "English" })).body.code).toBe(
      "VALIDATION_FAILED",
    );
    const noTitle = await c.post(`/api/classes/${klass.id}/assignments`, { ...ASSIGNMENT, title: "  " });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toMatchObject({
      code: "ASSIGNMENT_TITLE_REQUIRED",
      message: "Please enter the assignment title",
    });
    expect((await c.post(`/api/classes/${klass.id}/assignments`, { ...ASSIGNMENT, topic: "" })).status).toBe(400);
    // Adding a member's phone again is refused (the teacher sees the roster anyway).
    expect(
      (await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: student.user.phoneNumber })).body.code,
    ).toBe("ALREADY_IN_CLASS");
    expect((await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: "12345" })).status).toBe(400);
    // An 11-digit mainland number without +86 is accepted; the student joins on accepting.
    const s2 = await account(t, "student", "Zhou Min");
    const local = s2.user.phoneNumber.replace("+86", "");
    const added = ZClassDetail.parse((await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: local })).body);
    expect(added.students.map((s) => s.name)).toEqual(["Li Hua"]);
    expect(added.pending).toEqual([expect.objectContaining({ phoneNumber: s2.user.phoneNumber, studentNumber: null })]);
    await addToClass(c, s2, klass.id);
    const joined = ZClassDetail.parse((await c.get(`/api/classes/${klass.id}`)).body);
    expect(joined.students.map((s) => s.name)).toEqual(["Li Hua", "Zhou Min"]);
    expect(joined.pending).toEqual([]);
    const removed = ZClassDetail.parse((await c.delete(`/api/classes/${klass.id}/students/${s2.user.id}`)).body);
    expect(removed.students).toHaveLength(1);
    const detail = ZClassDetail.parse((await c.get(`/api/classes/${klass.id}`)).body);
    expect(detail).toMatchObject({ studentCount: 1, assignmentCount: 1 });
    expect(detail.joinCode).toMatch(/^[A-Z2-9]{6}$/);
  });

  it("adding by phone tells the teacher nothing: a student's, a teacher's and nobody's phone get the same answer", async () => {
    const { teacher, klass } = await setup();
    const c = teacher.client;
    const aStudent = await account(t, "student", "Chen Jie");
    const aTeacher = await account(t, "teacher", "Mr Qian");
    const nobody = "+8613912345678";
    const answers = [];
    for (const phone of [aStudent.user.phoneNumber, aTeacher.user.phoneNumber, nobody]) {
      const res = await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: phone, studentNumber: "S-9" });
      const detail = ZClassDetail.parse(res.body);
      const row = detail.pending.find((p) => p.phoneNumber === phone);
      answers.push({
        status: res.status,
        studentCount: detail.studentCount,
        row: row && { ...row, id: "", addedAt: "" },
      });
    }
    expect(answers).toEqual(
      [aStudent.user.phoneNumber, aTeacher.user.phoneNumber, nobody].map((phoneNumber) => ({
        status: 200,
        studentCount: 1,
        row: { id: "", addedAt: "", phoneNumber, studentNumber: "S-9" },
      })),
    );
    // adding the same phone twice keeps one row, with the newer student number
    const again = ZClassDetail.parse(
      (await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: nobody, studentNumber: "S-10" })).body,
    );
    expect(again.pending.filter((p) => p.phoneNumber === nobody)).toEqual([
      expect.objectContaining({ studentNumber: "S-10" }),
    ]);
    // the teacher who holds the phone cannot see or take it (student routes), and the roster did not change
    expect((await aTeacher.client.get("/api/student/class-additions")).status).toBe(403);
    // the teacher takes a phone off the list; another teacher cannot
    const pendingId = again.pending.find((p) => p.phoneNumber === nobody)?.id;
    const other = await account(t, "teacher", "Ms Sun");
    expect((await other.client.delete(`/api/classes/${klass.id}/pending/${pendingId}`)).status).toBe(403);
    const cancelled = ZClassDetail.parse((await c.delete(`/api/classes/${klass.id}/pending/${pendingId}`)).body);
    expect(cancelled.pending.map((p) => p.phoneNumber)).not.toContain(nobody);
    expect((await c.delete(`/api/classes/${klass.id}/pending/${pendingId}`)).status).toBe(404);
  });

  it("a class holds at most 200 waiting phones, also when they are added in parallel", async () => {
    const { teacher, klass } = await setup();
    await t.testDb.database.query(
      "insert into class_additions (class_id, phone_number) select $1, '+8613' || lpad(g::text, 9, '0') from generate_series(1, 195) g",
      [klass.id],
    );
    const adds = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        teacher.client.post(`/api/classes/${klass.id}/students`, { phoneNumber: `+86139000000${10 + i}` }),
      ),
    );
    expect(adds.filter((r) => r.status === 200)).toHaveLength(5);
    expect(adds.filter((r) => r.body?.code === "TOO_MANY_PENDING")).toHaveLength(7);
    const detail = ZClassDetail.parse((await teacher.client.get(`/api/classes/${klass.id}`)).body);
    expect(detail.pending).toHaveLength(200);
    // a phone already waiting can still be added again (its student number changes), one more cannot
    const again = await teacher.client.post(`/api/classes/${klass.id}/students`, {
      phoneNumber: "+8613000000001",
      studentNumber: "7",
    });
    expect(again.status).toBe(200);
    expect(
      (await teacher.client.post(`/api/classes/${klass.id}/students`, { phoneNumber: "+8613900000099" })).status,
    ).toBe(409);
  });

  it("a student joins only by accepting the teacher's addition (or by code), and may decline it", async () => {
    const { teacher, klass, assignment } = await setup();
    const c = teacher.client;
    const pupil = await account(t, "student", "Sun Li");
    const stranger = await account(t, "student", "Not Asked");
    await c.post(`/api/classes/${klass.id}/students`, { phoneNumber: pupil.user.phoneNumber, studentNumber: "S-07" });
    // not a member yet: no assignments, no submission
    expect((await pupil.client.get("/api/student/classes")).body).toEqual([]);
    expect((await pupil.client.post("/api/student/submissions", { assignmentId: assignment.id })).status).toBe(403);
    const offers = ZClassAddition.array().parse((await pupil.client.get("/api/student/class-additions")).body);
    expect(offers).toEqual([
      expect.objectContaining({ classId: klass.id, name: "Class 2", teacherName: "Ms Chen", subject: "English" }),
    ]);
    const offer = offers[0];
    if (!offer) throw new Error("no offer");
    // another student cannot see, accept or decline it
    expect((await stranger.client.get("/api/student/class-additions")).body).toEqual([]);
    expect((await stranger.client.post(`/api/student/class-additions/${offer.id}/accept`)).status).toBe(404);
    expect((await stranger.client.delete(`/api/student/class-additions/${offer.id}`)).status).toBe(404);
    // two accepts at once: one membership, both answered with the class
    const accepts = await Promise.all([
      pupil.client.post(`/api/student/class-additions/${offer.id}/accept`),
      pupil.client.post(`/api/student/class-additions/${offer.id}/accept`),
    ]);
    expect(accepts.map((r) => r.status).sort()).toContain(200);
    const ok = accepts.find((r) => r.status === 200);
    expect(ZStudentClass.parse(ok?.body)).toMatchObject({ id: klass.id, studentNumber: "S-07" });
    expect((await pupil.client.get("/api/student/class-additions")).body).toEqual([]);
    const detail = ZClassDetail.parse((await c.get(`/api/classes/${klass.id}`)).body);
    expect(detail.students.map((s) => s.name)).toEqual(["Li Hua", "Sun Li"]);
    expect(detail.pending).toEqual([]);

    // declining: the class stays closed and the teacher's list forgets the phone
    const second = ZClassSummary.parse(
      (await c.post("/api/classes", { name: "Class 3", grade: "Grade 8", subject: "English" })).body,
    );
    await c.post(`/api/classes/${second.id}/students`, { phoneNumber: stranger.user.phoneNumber });
    const [declined] = ZClassAddition.array().parse((await stranger.client.get("/api/student/class-additions")).body);
    expect((await stranger.client.delete(`/api/student/class-additions/${declined?.id}`)).body).toEqual({
      success: true,
    });
    expect((await stranger.client.get("/api/student/classes")).body).toEqual([]);
    expect(ZClassDetail.parse((await c.get(`/api/classes/${second.id}`)).body).pending).toEqual([]);

    // joining by code answers a waiting addition too
    await c.post(`/api/classes/${second.id}/students`, { phoneNumber: stranger.user.phoneNumber });
    expect((await stranger.client.post("/api/student/classes/join", { code: second.joinCode })).status).toBe(200);
    expect((await stranger.client.get("/api/student/class-additions")).body).toEqual([]);
    expect(ZClassDetail.parse((await c.get(`/api/classes/${second.id}`)).body).pending).toEqual([]);
  });

  it("a student removed from a class cannot upload to, reorder or remove pages of its open submission", async () => {
    const { teacher, student, klass, assignment } = await setup();
    const sub = ZStudentSubmission.parse(
      (await student.client.post("/api/student/submissions", { assignmentId: assignment.id })).body,
    );
    expect((await uploadSubmission(student.client, sub.id, page)).status).toBe(200);
    const before = ZStudentSubmission.parse((await student.client.get(`/api/student/submissions/${sub.id}`)).body);
    expect(before.canUpload).toBe(true);
    const pageId = before.pages[0]?.id;
    expect((await teacher.client.delete(`/api/classes/${klass.id}/students/${student.user.id}`)).status).toBe(200);

    const upload = await uploadSubmission(student.client, sub.id, page);
    expect(upload.status).toBe(403);
    expect(upload.body.code).toBe("NOT_IN_CLASS");
    const reorder = await student.client.put(`/api/student/submissions/${sub.id}/pages/order`, { pageIds: [pageId] });
    expect(reorder.body.code).toBe("NOT_IN_CLASS");
    const remove = await student.client.delete(`/api/student/submissions/${sub.id}/pages/${pageId}`);
    expect(remove.body.code).toBe("NOT_IN_CLASS");
    expect((await student.client.post("/api/student/submissions", { assignmentId: assignment.id })).status).toBe(403);
    // the page sent before leaving is still there, for the teacher and for the student's own record
    const after = ZStudentSubmission.parse((await student.client.get(`/api/student/submissions/${sub.id}`)).body);
    expect(after.pages.map((p) => p.id)).toEqual([pageId]);
    // back in the class (the teacher adds them again and they accept): uploads open again
    await addToClass(teacher.client, student, klass.id);
    expect((await uploadSubmission(student.client, sub.id, page)).status).toBe(200);
  });
});
