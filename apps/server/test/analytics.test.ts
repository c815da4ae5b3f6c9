import { ZAssignmentAnalytics } from "@essay/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manuscripts } from "../src/db/schema.ts";
import { classErrors, familyOf } from "../src/modules/analytics/error-families.ts";
import { signedIn } from "./factories.ts";
import { type TestApp, testDatabases } from "./harness.ts";
import { sharedOcr, startManuscriptApp } from "./manuscripts-harness.ts";
import { seedAssignmentWork, seedClassWork } from "./report-seeds.ts";

const ocr = sharedOcr();
afterAll(() => ocr.close());
const day = (n: number) => new Date(Date.UTC(2026, 3, 1 + n, 9));

describe("class errors", () => {
  it("counts the students' own errors by family, most widespread first, OCR slips left out", () => {
    const errors = classErrors([
      { studentId: "a", text: "我认真的写作业。今天我很开心。" },
      { studentId: "b", text: "她飞快的跑过来，我慢慢的走进教室。" },
      { studentId: "c", text: "I recieve a letter from my freind yesterday." },
    ]);
    const de = errors.filter((e) => e.family === "de");
    expect(de.length).toBeGreaterThan(0);
    expect(de[0]).toMatchObject({ original: "的", suggested: "地" });
    expect(de[0]).toMatchObject({ count: 3, students: 2 });
    expect(errors.some((e) => e.family === "spelling" && e.original.toLowerCase() === "recieve")).toBe(true);
    // dismissed by the teacher: not counted
    const kept = classErrors([
      { studentId: "a", text: "我认真的写作业。", dismissed: [{ original: "的", suggested: "地", start: 3 }] },
      { studentId: "b", text: "她飞快的跑过来。" },
    ]);
    expect(kept.find((e) => e.family === "de")).toMatchObject({ count: 1, students: 1 });
    expect(familyOf("pinyin-unclear")).toBe("pinyin");
    expect(familyOf("although-but")).toBe("grammar");
  });
});

describe.each(testDatabases())("assignment analytics (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
  });
  afterAll(() => t?.close());

  it("bands, criteria against their maxima, trends, errors and students below pass; the teacher's only", async () => {
    const teacher = await signedIn(t, { name: "Ms Lin" });
    const other = await signedIn(t, { name: "Mr Other" });
    const kids = await Promise.all(
      ["Li Hua", "Wang Fang", "Zhang Wei", "Chen Jie"].map((name) => signedIn(t, { role: "student", name })),
    );
    const s = (i: number, score: number | null, n: number) => ({
      id: kids[i]!.user.id,
      name: kids[i]!.user.name,
      number: String(i + 1),
      score,
      createdAt: day(n),
    });
    const first = await seedClassWork(t.db, teacher.user.id, {
      className: "Class 5",
      title: "Week 1",
      students: [s(0, 20, 0), s(1, 30, 0), s(2, 22, 0), s(3, null, 0)],
    });
    const cls = { id: first.classId, name: "Class 5" };
    const second = await seedAssignmentWork(
      t.db,
      teacher.user.id,
      cls,
      "Week 2",
      [s(0, 26, 7), s(1, 36, 7), s(2, 18, 7)],
      { createdAt: new Date(Date.now() + 60_000) },
    );
    // their texts: two students write 的 for 地
    const texts = ["我认真的写作业。", "We had a grate time. I recieve a prize.", "他飞快的跑回家。"];
    for (const [i, id] of second.manuscriptIds.entries()) {
      await t.db.update(manuscripts).set({ confirmedText: texts[i] }).where(eq(manuscripts.id, id));
    }

    const res = await teacher.client.get(`/api/assignments/${second.assignmentId}/analytics`);
    expect(res.status).toBe(200);
    const a = ZAssignmentAnalytics.parse(res.body);
    expect(a).toMatchObject({ title: "Week 2", className: "Class 5", studentCount: 4, gradedCount: 3, average: 26.7 });
    expect(a.bands).toEqual({ excellent: 1, good: 0, pass: 1, needs_improvement: 0, fail: 1 });
    expect(a.criteria.map((c) => c.key)).toEqual(["content", "organisation", "language", "conventions"]);
    expect(a.criteria.reduce((sum, c) => sum + c.average, 0)).toBeCloseTo(26.7, 0);
    for (const c of a.criteria) expect(c.average).toBeLessThanOrEqual(c.max);
    expect(a.assignments.map((x) => x.title)).toEqual(["Week 1", "Week 2"]);
    const trend = Object.fromEntries(a.students.map((x) => [x.name, x.trend]));
    expect(trend).toEqual({
      "Li Hua": [20, 26],
      "Wang Fang": [30, 36],
      "Zhang Wei": [22, 18],
      "Chen Jie": [null, null],
    });
    expect(a.belowPass).toEqual([expect.objectContaining({ name: "Zhang Wei", score: 18 })]);
    const de = a.errors.find((e) => e.family === "de");
    expect(de).toMatchObject({ original: "的", suggested: "地", count: 2, students: 2 });

    // the first assignment knows nothing of the later one
    const earlier = ZAssignmentAnalytics.parse(
      (await teacher.client.get(`/api/assignments/${first.assignmentId}/analytics`)).body,
    );
    expect(earlier.assignments.map((x) => x.title)).toEqual(["Week 1"]);
    expect(earlier.belowPass.map((x) => x.name)).toEqual(["Li Hua", "Zhang Wei"]);
    expect(earlier.bands.fail + earlier.bands.needs_improvement).toBe(2);

    expect((await other.client.get(`/api/assignments/${second.assignmentId}/analytics`)).status).toBe(403);
    expect((await kids[0]!.client.get(`/api/assignments/${second.assignmentId}/analytics`)).status).toBe(403);
    expect((await teacher.client.get("/api/assignments/not-an-id/analytics")).status).toBe(404);
  });
});
