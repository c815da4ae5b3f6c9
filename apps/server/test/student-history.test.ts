import { ZStudentHistory } from "@essay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "./factories.ts";
import { type TestApp, testDatabases } from "./harness.ts";
import { sharedOcr, startManuscriptApp } from "./manuscripts-harness.ts";
import { seedAssignmentWork, seedClassWork } from "./report-seeds.ts";

const ocr = sharedOcr();
afterAll(() => ocr.close());
const day = (n: number) => new Date(Date.UTC(2026, 2, 1 + n, 9));

describe.each(testDatabases())("a student's history (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startManuscriptApp(kind, ocr);
  });
  afterAll(() => t?.close());

  it("lists only returned reports, per class in assignment order, with the student's own trend", async () => {
    const teacher = await signedIn(t, { name: "Ms Lin" });
    const me = await signedIn(t, { role: "student", name: "Li Hua" });
    const mate = await signedIn(t, { role: "student", name: "Wang Fang" });
    const s = (u: typeof me, score: number | null, n: number) => ({
      id: u.user.id,
      name: u.user.name,
      number: u.user.name,
      score,
      createdAt: day(n),
    });
    // class A: three assignments returned (24 → 27 → 31), a fourth graded but not returned
    const a = await seedClassWork(t.db, teacher.user.id, { className: "Class A", title: "A1", students: [] });
    const clsA = { id: a.classId, name: "Class A" };
    const a1 = await seedAssignmentWork(t.db, teacher.user.id, clsA, "Week 1", [s(me, 24, 1), s(mate, 35, 1)], {
      createdAt: day(1),
      released: true,
    });
    await seedAssignmentWork(t.db, teacher.user.id, clsA, "Week 2", [s(me, 27, 8), s(mate, 20, 8)], {
      createdAt: day(8),
      released: true,
    });
    await seedAssignmentWork(t.db, teacher.user.id, clsA, "Week 3", [s(me, 31, 15)], {
      createdAt: day(15),
      released: true,
    });
    await seedAssignmentWork(t.db, teacher.user.id, clsA, "Week 4", [s(me, 12, 22)], { createdAt: day(22) });
    // class B: one returned report, and one essay not graded yet
    const b = await seedClassWork(t.db, teacher.user.id, { className: "Class B", title: "B0", students: [] });
    await seedAssignmentWork(t.db, teacher.user.id, { id: b.classId, name: "Class B" }, "Letter", [s(me, 33, 3)], {
      createdAt: day(3),
      released: true,
    });
    await seedAssignmentWork(t.db, teacher.user.id, { id: b.classId, name: "Class B" }, "Story", [s(me, null, 9)], {
      createdAt: day(9),
      released: true,
    });

    const res = await me.client.get("/api/student/history");
    expect(res.status).toBe(200);
    const history = ZStudentHistory.parse(res.body);
    expect(history.classes.map((c) => c.className)).toEqual(["Class A", "Class B"]);
    const [classA, classB] = history.classes;
    expect(classA?.reports.map((r) => [r.assignmentTitle, r.score, r.grade])).toEqual([
      ["Week 1", 24, "needs_improvement"],
      ["Week 2", 27, "pass"],
      ["Week 3", 31, "good"],
    ]);
    expect(classA).toMatchObject({ teacherName: "Ms Lin", average: 27.3, change: 7 });
    expect(classA?.reports[0]?.submissionId).toBe(a1.submissionIds[0]);
    expect(classB?.reports.map((r) => r.score)).toEqual([33]);
    expect(classB).toMatchObject({ average: 33, change: null });

    // the classmate sees only their own
    const theirs = ZStudentHistory.parse((await mate.client.get("/api/student/history")).body);
    expect(theirs.classes).toHaveLength(1);
    expect(theirs.classes[0]?.reports.map((r) => r.score)).toEqual([35, 20]);
    expect(theirs.classes[0]?.change).toBe(-15);

    // withdrawing a release takes it out of the history
    const withdrawn = await teacher.client.delete(`/api/submissions/${a1.submissionIds[0]}/release`);
    expect(withdrawn.status).toBe(200);
    const after = ZStudentHistory.parse((await me.client.get("/api/student/history")).body);
    expect(after.classes[0]?.reports.map((r) => r.assignmentTitle)).toEqual(["Week 2", "Week 3"]);

    // a student with nothing returned has an empty history; teachers and visitors are refused
    const fresh = await signedIn(t, { role: "student", name: "New" });
    expect((await fresh.client.get("/api/student/history")).body).toEqual({ classes: [] });
    expect((await teacher.client.get("/api/student/history")).status).toBe(403);
    expect((await t.client().get("/api/student/history")).status).toBe(401);
  });
});
