import { bandForScore } from "@essay/contract";
import type { Queryable } from "../../../apps/server/src/db/client.ts";
import { assignments, classes, classMembers, manuscripts, submissions } from "../../../apps/server/src/db/schema.ts";
import { insertUser } from "../../../apps/server/src/modules/accounts/users.repo.ts";
import { summary } from "./stats.ts";

const HOUR = 3_600_000;
export const REPORTS_START = Date.UTC(2025, 8, 1, 8);

/** A total split over the four criteria (each within its maximum), as the grader stores them. */
function criteria(score: number) {
  const maxima = [
    ["content", 12],
    ["organisation", 10],
    ["language", 10],
    ["conventions", 8],
  ] as const;
  const values = maxima.map(([, max]) => Math.floor((score * max) / 40));
  let left = score - values.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % 4) {
    if ((values[i] ?? 0) < maxima[i]![1]) {
      values[i] = (values[i] ?? 0) + 1;
      left--;
    }
  }
  return maxima.map(([key, max], i) => ({ key, label: key, score: values[i] ?? 0, max, evidence: [] }));
}

function essay(userId: string, i: number, name: string, number: string, klass: string) {
  const graded = i % 9 !== 0;
  const score = graded ? 12 + ((i * 7) % 29) : null;
  const at = new Date(REPORTS_START + i * HOUR);
  return {
    userId,
    studentName: name,
    studentClass: klass,
    studentId: number,
    teacherName: "Bench Teacher",
    topic: "My weekend",
    status: graded ? ("graded" as const) : ("uploaded" as const),
    score,
    machineScore: score,
    grade: score === null ? null : bandForScore(score),
    criteria: score === null ? null : criteria(score),
    confirmedText: graded ? "Text." : null,
    createdAt: at,
    updatedAt: at,
    gradedAt: graded ? at : null,
  };
}

/**
 * A school's history for the teacher: `loose` essays graded on the grading screen, and `classCount` classes of 40
 * students with 5 assignments each (every student submitted); another teacher's essays beside them.
 */
export async function seedReports(db: Queryable, teacherId: string, loose: number, classCount: number) {
  const rows = Array.from({ length: loose }, (_, i) =>
    essay(teacherId, i, `Student ${i % 300}`, `S${String(i % 300).padStart(4, "0")}`, "Grade 8 Class 2"),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(manuscripts).values(rows.slice(i, i + 500));
  let submitted = 0;
  for (let c = 0; c < classCount; c++) {
    const [cls] = await db
      .insert(classes)
      .values({
        teacherId,
        name: `Class ${c + 1}`,
        grade: "八年级",
        schoolYear: 8,
        subject: "English",
        joinCode: `BN${c}X${Date.now() % 1000}`,
      })
      .returning();
    if (!cls) throw new Error("class not created");
    const students: { id: string; name: string }[] = [];
    for (let s = 0; s < 40; s++) {
      const user = await insertUser(db, {
        phoneNumber: `+86137${String(c).padStart(2, "0")}${String(s).padStart(2, "0")}${String(Date.now()).slice(-4)}`,
        name: `Pupil ${c}-${s}`,
        role: "student",
        passwordHash: null,
        hasCustomPassword: false,
        isVerified: true,
      });
      await db.insert(classMembers).values({ classId: cls.id, studentId: user.id, studentNumber: String(s + 1) });
      students.push(user);
    }
    for (let a = 0; a < 5; a++) {
      const [task] = await db
        .insert(assignments)
        .values({ classId: cls.id, title: `Task ${a + 1}`, topic: "My weekend", language: "en", schoolYear: 8 })
        .returning();
      if (!task) throw new Error("assignment not created");
      const made = await db
        .insert(manuscripts)
        .values(students.map((s, k) => essay(teacherId, loose + submitted + k, s.name, String(k + 1), cls.name)))
        .returning({ id: manuscripts.id });
      submitted += made.length;
      await db
        .insert(submissions)
        .values(made.map((m, k) => ({ assignmentId: task.id, studentId: students[k]!.id, manuscriptId: m.id })));
    }
  }
  const other = await insertUser(db, {
    phoneNumber: `+86136${String(Date.now()).slice(-8)}`,
    name: "Other Teacher",
    role: "teacher",
    passwordHash: null,
    hasCustomPassword: false,
    isVerified: true,
  });
  const others = Array.from({ length: 500 }, (_, i) => essay(other.id, i, `Student ${i}`, `O${i}`, "Other"));
  await db.insert(manuscripts).values(others);
  return { teacherEssays: loose + submitted };
}

type Get = (path: string) => Promise<{ status: number; total: number }>;

/** Filtered pages of `/api/reports`, one request after another (a teacher clicking), and 10 clients at once. */
export async function timeReports(get: Get, requests: number) {
  const day = 24 * HOUR;
  const queries = [
    "page=1&pageSize=20",
    "band=pass&page=1&pageSize=20",
    "q=Student%2012&page=1&pageSize=20",
    `status=graded&band=good&from=${new Date(REPORTS_START + 10 * day).toISOString()}&to=${new Date(REPORTS_START + 40 * day).toISOString()}&page=2&pageSize=20`,
    "q=Pupil%201-&band=needs_improvement&page=1&pageSize=20",
    "page=40&pageSize=20",
  ];
  for (const q of queries) await get(`/api/reports?${q}`); // warm-up
  const totals: Record<string, number> = {};
  const sequential: number[] = [];
  for (let i = 0; i < requests; i++) {
    const q = queries[i % queries.length] as string;
    const t0 = performance.now();
    const res = await get(`/api/reports?${q}`);
    sequential.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`GET /api/reports?${q}: ${res.status}`);
    totals[q] = res.total;
  }
  const parallel: number[] = [];
  let issued = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (issued < requests) {
        const q = queries[issued++ % queries.length] as string;
        const t0 = performance.now();
        await get(`/api/reports?${q}`);
        parallel.push(performance.now() - t0);
      }
    }),
  );
  return { queries: totals, oneClientMs: summary(sequential), tenClientsMs: summary(parallel) };
}
