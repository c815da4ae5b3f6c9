import type { TStudentClassHistory, TStudentHistory } from "@essay/contract";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { assignments, classes, manuscripts, submissions, users } from "../../db/schema.ts";

const tenth = (x: number) => Math.round(x * 10) / 10;

/**
 * The student's released, graded reports grouped by class, each class's reports in the order its assignments were
 * set. Only what the teacher returned: a withdrawn or unreleased report is not history yet.
 */
export async function studentHistory(db: Queryable, studentId: string): Promise<TStudentHistory> {
  const rows = await db
    .select({
      classId: classes.id,
      className: classes.name,
      teacherName: users.name,
      submissionId: submissions.id,
      assignmentId: assignments.id,
      assignmentTitle: assignments.title,
      score: manuscripts.score,
      grade: manuscripts.grade,
      gradedAt: manuscripts.gradedAt,
      releasedAt: submissions.releasedAt,
    })
    .from(submissions)
    .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(users, eq(users.id, classes.teacherId))
    .where(
      and(
        eq(submissions.studentId, studentId),
        isNotNull(submissions.releasedAt),
        eq(manuscripts.status, "graded"),
        isNotNull(manuscripts.score),
      ),
    )
    .orderBy(asc(classes.createdAt), asc(classes.name), asc(assignments.createdAt), asc(assignments.id));
  const byClass = new Map<string, TStudentClassHistory>();
  for (const r of rows) {
    if (r.score === null || r.grade === null || r.releasedAt === null) continue;
    let entry = byClass.get(r.classId);
    if (!entry) {
      entry = {
        classId: r.classId,
        className: r.className,
        teacherName: r.teacherName,
        reports: [],
        average: 0,
        change: null,
      };
      byClass.set(r.classId, entry);
    }
    entry.reports.push({
      submissionId: r.submissionId,
      assignmentId: r.assignmentId,
      assignmentTitle: r.assignmentTitle,
      score: r.score,
      grade: r.grade,
      gradedAt: (r.gradedAt ?? r.releasedAt).toISOString(),
      releasedAt: r.releasedAt.toISOString(),
    });
  }
  const out = [...byClass.values()].map((c) => {
    const scores = c.reports.map((r) => r.score);
    const first = scores[0] ?? 0;
    const last = scores.at(-1) ?? 0;
    return {
      ...c,
      average: tenth(scores.reduce((a, b) => a + b, 0) / scores.length),
      change: scores.length >= 2 ? tenth(last - first) : null,
    };
  });
  return { classes: out };
}
