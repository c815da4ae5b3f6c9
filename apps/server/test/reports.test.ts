import { readdir } from "node:fs/promises";
import path from "node:path";
import { bandForScore, type TReportList, ZReportList } from "@essay/contract";
import type { OcrEngine } from "@essay/ocr";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manuscriptPages, manuscripts } from "../src/db/schema.ts";
import { parseCsv } from "./csv.ts";
import { createUser, signedIn } from "./factories.ts";
import { type TestClient, testDatabases } from "./harness.ts";
import { type ManuscriptTestApp, renderPage, sharedOcr, startManuscriptApp } from "./manuscripts-harness.ts";
import { seedClassWork, seedEssays } from "./report-seeds.ts";

const ocr: OcrEngine = sharedOcr();
afterAll(() => ocr.close());

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 5, 8);

async function list(client: TestClient, query: Record<string, string | number> = {}): Promise<TReportList> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await client.get(`/api/reports?${qs}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZReportList.parse(res.body);
}

describe.each(testDatabases())("reports list (%s)", (kind) => {
  let t: ManuscriptTestApp;
  let teacher: Awaited<ReturnType<typeof signedIn>>;
  let other: Awaited<ReturnType<typeof signedIn>>;
  let work: Awaited<ReturnType<typeof seedClassWork>>;
  let othersWork: Awaited<ReturnType<typeof seedClassWork>>;

  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
    teacher = await signedIn(t, { name: "Ms Lin" });
    other = await signedIn(t, { name: "Mr Other" });
    // 1,000 essays of the grading screen over 1,000 hours: scores 0–40, every seventh one still being read
    await seedEssays(
      t.db,
      teacher.user.id,
      Array.from({ length: 1000 }, (_, i) => ({
        studentName: `Student ${String(i).padStart(4, "0")}`,
        studentId: `S${String(i).padStart(4, "0")}`,
        score: i % 7 === 0 ? null : i % 41,
        createdAt: new Date(START + i * 3_600_000),
      })),
    );
    const students = await Promise.all(
      ["Zhang Wei", "Wang Fang", "Li Na"].map((name) => createUser(t.db, { name, role: "student" })),
    );
    work = await seedClassWork(t.db, teacher.user.id, {
      className: "Class 3",
      title: "Spring outing",
      students: students.map((s, i) => ({
        id: s.user.id,
        name: s.user.name,
        number: `C3-${i + 1}`,
        score: [36, 27, null][i] ?? null,
        createdAt: new Date(START + 2000 * 3_600_000 + i * 60_000),
      })),
    });
    // the other teacher: a class with the same students' names, and loose essays named like the first teacher's
    othersWork = await seedClassWork(t.db, other.user.id, {
      className: "Class 9",
      title: "Other teacher's task",
      students: [{ id: students[0]!.user.id, name: "Zhang Wei", number: "X-1", score: 20, createdAt: new Date() }],
    });
    await seedEssays(
      t.db,
      other.user.id,
      Array.from({ length: 30 }, (_, i) => ({
        studentName: `Student ${String(i).padStart(4, "0")}`,
        studentId: `OTHER-${i}`,
        score: 30,
        createdAt: new Date(START + i * 3_600_000 + 1000),
      })),
    );
  });
  afterAll(() => t?.close());

  it("pages through every essay of the teacher, newest first, and never another teacher's", async () => {
    const first = await list(teacher.client);
    expect(first.total).toBe(1003);
    expect(first.items).toHaveLength(20);
    // the class's submissions are the newest, with their class and assignment
    expect(first.items.slice(0, 3).map((r) => r.studentName)).toEqual(["Li Na", "Wang Fang", "Zhang Wei"]);
    expect(first.items[2]).toMatchObject({
      className: "Class 3",
      assignmentTitle: "Spring outing",
      classId: work.classId,
      assignmentId: work.assignmentId,
      score: 36,
      grade: "excellent",
      status: "graded",
      studentClass: "八年级 Class 3",
    });
    expect(first.items[2]!.criteria.reduce((s, c) => s + c.score, 0)).toBe(36);
    expect(first.items[3]).toMatchObject({ studentName: "Student 0999", className: null, assignmentId: null });
    const dates = first.items.map((r) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const seen = new Set<string>();
    for (let page = 1; page <= 11; page++) {
      const p = await list(teacher.client, { page, pageSize: 100 });
      expect(p.items.length).toBe(page === 11 ? 3 : 100);
      for (const r of p.items) seen.add(r.id);
      expect(p.items.some((r) => r.studentId.startsWith("OTHER") || r.className === "Class 9")).toBe(false);
    }
    expect(seen.size).toBe(1003);
    expect((await list(teacher.client, { page: 12, pageSize: 100 })).items).toEqual([]);

    const theirs = await list(other.client, { pageSize: 100 });
    expect(theirs.total).toBe(31);
    expect(theirs.items.some((r) => seen.has(r.id))).toBe(false);
    // the other teacher's class and assignment ids select nothing of theirs for this teacher
    expect((await list(teacher.client, { classId: othersWork.classId })).total).toBe(0);
    expect((await list(teacher.client, { assignmentId: othersWork.assignmentId })).total).toBe(0);
    expect((await list(other.client, { classId: work.classId })).total).toBe(0);
  });

  it("filters by search, class, assignment, band, status and date range", async () => {
    const byName = await list(teacher.client, { q: "student 012" });
    expect(byName.items.map((r) => r.studentName).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Student 012${i}`),
    );
    expect((await list(teacher.client, { q: "S0500" })).items.map((r) => r.studentId)).toEqual(["S0500"]);
    expect((await list(teacher.client, { q: "wang" })).items.map((r) => r.studentName)).toEqual(["Wang Fang"]);
    // a typed % is a character, not "anything"
    expect((await list(teacher.client, { q: "%" })).total).toBe(0);

    const cls = await list(teacher.client, { classId: work.classId });
    expect(cls.total).toBe(3);
    expect(cls.items.every((r) => r.classId === work.classId)).toBe(true);
    expect((await list(teacher.client, { assignmentId: work.assignmentId })).total).toBe(3);
    expect((await list(teacher.client, { assignmentId: work.assignmentId, band: "pass" })).items).toMatchObject([
      { studentName: "Wang Fang", score: 27, grade: "pass" },
    ]);

    // scores i % 41 for i not divisible by 7, over 1,000 essays, plus the class's 36
    const expected =
      Array.from({ length: 1000 }, (_, i) => i).filter((i) => i % 7 !== 0 && bandForScore(i % 41) === "excellent")
        .length + 1;
    const excellent = await list(teacher.client, { band: "excellent", pageSize: 100 });
    expect(excellent.total).toBe(expected);
    expect(excellent.items.every((r) => r.grade === "excellent" && (r.score ?? 0) >= 35)).toBe(true);

    const reading = await list(teacher.client, { status: "uploaded", pageSize: 100 });
    expect(reading.total).toBe(Math.ceil(1000 / 7) + 1);
    expect(reading.items.every((r) => r.status === "uploaded" && r.score === null && r.grade === null)).toBe(true);

    // two days: essays 24–71 (one an hour)
    const range = await list(teacher.client, {
      from: new Date(START + DAY).toISOString(),
      to: new Date(START + 3 * DAY).toISOString(),
      pageSize: 100,
    });
    expect(range.total).toBe(48);
    expect(range.items.at(-1)?.studentName).toBe("Student 0024");
    expect(range.items[0]?.studentName).toBe("Student 0071");
    const combined = await list(teacher.client, {
      from: new Date(START + DAY).toISOString(),
      to: new Date(START + 3 * DAY).toISOString(),
      band: "fail",
      q: "student 00",
    });
    expect(combined.items.every((r) => r.grade === "fail" && r.studentName.startsWith("Student 00"))).toBe(true);
    expect(combined.total).toBeGreaterThan(0);
  });

  it("exports the filtered rows as CSV and XLSX in the asked language, never another teacher's", async () => {
    const res = await fetch(
      `${t.baseUrl}/api/reports/export?format=csv&lang=zh-CN&tz=Asia%2FShanghai&assignmentId=${work.assignmentId}`,
      { headers: { cookie: [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="reports.csv"; filename\*=UTF-8''%E6%8A%A5%E5%91%8A-/,
    );
    const csv = parseCsv(await res.text());
    expect(csv[0]?.slice(0, 8)).toEqual(["学生姓名", "学号", "班级", "作业", "题目", "状态", "得分（满分40）", "等级"]);
    expect(csv[0]).toContain("内容与切题（满分12）");
    expect(csv.slice(1).map((r) => r[0])).toEqual(["Li Na", "Wang Fang", "Zhang Wei"]);
    const zhang = csv.find((r) => r[0] === "Zhang Wei") ?? [];
    expect(zhang.slice(2, 8)).toEqual(["Class 3", "Spring outing", "My weekend", "已批改", "36", "优秀"]);
    const criteria = csv[0]!.map((h, i) => (h.includes("满分") && i > 7 ? Number(zhang[i]) : 0));
    expect(criteria.reduce((a, b) => a + b, 0)).toBe(36);
    // dates in the asked time zone (UTC+8)
    const started = csv[0]!.indexOf("创建时间");
    expect(zhang[started]).toBe("2026-03-30 00:00");

    const cookie = [...other.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const theirs = await fetch(`${t.baseUrl}/api/reports/export?format=csv&lang=en&q=Student`, { headers: { cookie } });
    const rows = parseCsv(await theirs.text());
    expect(rows[0]?.[0]).toBe("Student");
    expect(rows).toHaveLength(31);
    expect(rows.slice(1).every((r) => r[1]?.startsWith("OTHER-"))).toBe(true);
    // another teacher's assignment id exports nothing but the header
    const none = await fetch(`${t.baseUrl}/api/reports/export?format=csv&assignmentId=${work.assignmentId}`, {
      headers: { cookie },
    });
    expect(parseCsv(await none.text())).toHaveLength(1);

    const xlsx = await fetch(`${t.baseUrl}/api/reports/export?format=xlsx&lang=en&band=excellent&q=zhang`, {
      headers: { cookie: [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
    const text = new TextDecoder().decode(files["xl/sharedStrings.xml"]);
    expect(text).toContain("Zhang Wei");
    expect(text).toContain("Excellent");
    expect(text).not.toContain("Wang Fang");

    expect((await teacher.client.get("/api/reports/export?format=pdf")).status).toBe(400);
    expect((await teacher.client.get("/api/reports/export?format=csv&tz=Mars%2FOlympus")).status).toBe(400);
    const student = await signedIn(t, { role: "student", name: "Pupil" });
    expect((await student.client.get("/api/reports/export?format=csv")).status).toBe(403);
  });

  it("refuses malformed filters, students and signed-out visitors", async () => {
    expect((await teacher.client.get("/api/reports?band=great")).status).toBe(400);
    expect((await teacher.client.get("/api/reports?status=lost")).status).toBe(400);
    expect((await teacher.client.get("/api/reports?classId=abc")).status).toBe(400);
    expect((await teacher.client.get("/api/reports?from=yesterday")).status).toBe(400);
    expect((await teacher.client.get("/api/reports?pageSize=1000")).status).toBe(400);
    const student = await signedIn(t, { role: "student", name: "Pupil" });
    expect((await student.client.get("/api/reports")).status).toBe(403);
    expect((await t.client().get("/api/reports")).status).toBe(401);
  });

  it("deleting an essay from the list removes it, its pages and their photos; a submission stays", async () => {
    const [id] = await seedEssays(t.db, teacher.user.id, [
      { studentName: "To Delete", studentId: "DEL-1", score: 22, createdAt: new Date(START + 3000 * 3_600_000) },
    ]);
    const photo = await renderPage(["Page"], "jpeg", { width: 300 });
    for (const [position, pageId] of [crypto.randomUUID(), crypto.randomUUID()].entries()) {
      const key = `manuscripts/${id}/${pageId}.jpg`;
      await t.storage.put(key, photo);
      await t.db
        .insert(manuscriptPages)
        .values({ id: pageId, manuscriptId: id!, position, imageKey: key, imageWidth: 300, imageHeight: 100 });
    }
    const folder = path.join(t.dataDir, "files", "manuscripts", id!);
    expect(await readdir(folder)).toHaveLength(2);
    const found = await list(teacher.client, { q: "DEL-1" });
    expect(found.items).toMatchObject([{ id, pageCount: 2, grade: "needs_improvement" }]);

    expect((await other.client.delete(`/api/manuscripts/${id}`)).status).toBe(404);
    expect((await teacher.client.delete(`/api/manuscripts/${id}`)).status).toBe(204);
    expect((await list(teacher.client, { q: "DEL-1" })).total).toBe(0);
    expect(await readdir(folder).catch(() => [])).toEqual([]);
    expect(await t.db.select().from(manuscripts).where(eq(manuscripts.id, id!))).toEqual([]);

    const submission = work.manuscriptIds[0]!;
    expect((await teacher.client.delete(`/api/manuscripts/${submission}`)).body).toMatchObject({
      code: "MANUSCRIPT_IS_SUBMISSION",
    });
    expect((await list(teacher.client, { assignmentId: work.assignmentId })).total).toBe(3);
  });
});
