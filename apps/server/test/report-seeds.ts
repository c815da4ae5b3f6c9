import { bandForScore, type TManuscriptStatus } from "@essay/contract";
import type { Queryable } from "../src/db/client.ts";
import { assignments, classes, classMembers, manuscripts, submissions } from "../src/db/schema.ts";

const CRITERIA = [
  { key: "content", label: "Content", max: 12 },
  { key: "organisation", label: "Organisation", max: 10 },
  { key: "language", label: "Language", max: 10 },
  { key: "conventions", label: "Conventions", max: 8 },
] as const;

/** Criteria that add up to `score` (each within its maximum), as the grader stores them. */
export function criteriaFor(score: number) {
  const values = CRITERIA.map((c) => Math.floor((score * c.max) / 40));
  let left = score - values.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % CRITERIA.length) {
    if ((values[i] ?? 0) < (CRITERIA[i]?.max ?? 0)) {
      values[i] = (values[i] ?? 0) + 1;
      left--;
    }
  }
  return CRITERIA.map((c, i) => ({ key: c.key, label: c.label, score: values[i] ?? 0, max: c.max, evidence: [] }));
}

export interface SeedEssay {
  studentName: string;
  studentId: string;
  studentClass?: string;
  topic?: string;
  status?: TManuscriptStatus;
  score?: number | null;
  createdAt: Date;
}

/** Essays of one teacher written straight to the database (a school's years of work in a second). */
export async function seedEssays(db: Queryable, userId: string, essays: SeedEssay[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < essays.length; i += 500) {
    const rows = await db
      .insert(manuscripts)
      .values(
        essays.slice(i, i + 500).map((e) => {
          const status = e.status ?? (e.score != null ? "graded" : "uploaded");
          const score = status === "graded" ? (e.score ?? 30) : null;
          return {
            userId,
            studentName: e.studentName,
            studentClass: e.studentClass ?? "Grade 8 Class 2",
            studentId: e.studentId,
            teacherName: "Teacher",
            topic: e.topic ?? "My weekend",
            status,
            score,
            machineScore: score,
            grade: score === null ? null : bandForScore(score),
            criteria: score === null ? null : criteriaFor(score),
            confirmedText: status === "graded" || status === "text_confirmed" ? "Text." : null,
            createdAt: e.createdAt,
            updatedAt: e.createdAt,
            gradedAt: score === null ? null : e.createdAt,
          };
        }),
      )
      .returning({ id: manuscripts.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

type SeedStudent = { id: string; name: string; number: string; score: number | null; createdAt: Date };

/** A class with one assignment, and a submission (graded manuscript) for each given student. */
export async function seedClassWork(
  db: Queryable,
  teacherId: string,
  opts: { className: string; title: string; students: SeedStudent[] },
) {
  const [cls] = await db
    .insert(classes)
    .values({
      teacherId,
      name: opts.className,
      grade: "八年级",
      schoolYear: 8,
      subject: "English",
      joinCode: Math.random().toString(36).slice(2, 8).toUpperCase(),
    })
    .returning();
  if (!cls) throw new Error("class not created");
  for (const s of opts.students) {
    await db.insert(classMembers).values({ classId: cls.id, studentId: s.id, studentNumber: s.number });
  }
  const work = await seedAssignmentWork(db, teacherId, cls, opts.title, opts.students);
  return { classId: cls.id, ...work };
}

/** Another assignment of the class, set at `createdAt`, with a graded submission of each given student. */
export async function seedAssignmentWork(
  db: Queryable,
  teacherId: string,
  cls: { id: string; name: string },
  title: string,
  students: SeedStudent[],
  opts: { createdAt?: Date; released?: boolean } = {},
) {
  const [assignment] = await db
    .insert(assignments)
    .values({
      classId: cls.id,
      title,
      topic: "My weekend",
      language: "en",
      schoolYear: 8,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  if (!assignment) throw new Error("assignment not created");
  const manuscriptIds: string[] = [];
  const submissionIds: string[] = [];
  for (const s of students) {
    const [id] = await seedEssays(db, teacherId, [
      {
        studentName: s.name,
        studentId: s.number,
        studentClass: `八年级 ${cls.name}`,
        score: s.score,
        createdAt: s.createdAt,
      },
    ]);
    if (!id) throw new Error("manuscript not created");
    const [sub] = await db
      .insert(submissions)
      .values({
        assignmentId: assignment.id,
        studentId: s.id,
        manuscriptId: id,
        submittedAt: s.createdAt,
        releasedAt: opts.released && s.score !== null ? s.createdAt : null,
      })
      .returning({ id: submissions.id });
    manuscriptIds.push(id);
    submissionIds.push(sub?.id ?? "");
  }
  return { assignmentId: assignment.id, manuscriptIds, submissionIds };
}
