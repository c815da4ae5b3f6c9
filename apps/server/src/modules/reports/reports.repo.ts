import type { TReportRow } from "@essay/contract";
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { assignments, classes, manuscriptPages, manuscripts, submissions } from "../../db/schema.ts";

/** Filters as the service hands them over: parsed, dates as Dates. */
export interface ReportWhere {
  userId: string;
  q?: string | undefined;
  classId?: string | undefined;
  assignmentId?: string | undefined;
  band?: TReportRow["grade"] | undefined;
  status?: TReportRow["status"] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** `%` and `_` typed by the teacher are letters, not wildcards. */
function likeTerm(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(w: ReportWhere): SQL {
  const parts: (SQL | undefined)[] = [eq(manuscripts.userId, w.userId)];
  if (w.q) {
    const term = likeTerm(w.q);
    parts.push(or(ilike(manuscripts.studentName, term), ilike(manuscripts.studentId, term)));
  }
  if (w.classId) parts.push(eq(assignments.classId, w.classId));
  if (w.assignmentId) parts.push(eq(submissions.assignmentId, w.assignmentId));
  if (w.band) parts.push(eq(manuscripts.grade, w.band));
  if (w.status) parts.push(eq(manuscripts.status, w.status));
  if (w.from) parts.push(gte(manuscripts.createdAt, w.from));
  if (w.to) parts.push(lt(manuscripts.createdAt, w.to));
  return and(...parts) as SQL;
}

const pageCount = sql<number>`(select count(*)::int from ${manuscriptPages} p where p.manuscript_id = ${manuscripts.id})`;

/**
 * One page of the teacher's essays, newest first, with the class and assignment of those that are submissions.
 * Every condition starts from the owner, so another teacher's class or assignment id finds nothing.
 */
export async function selectReports(db: Queryable, w: ReportWhere, limit: number, offset: number) {
  return db
    .select({
      m: {
        id: manuscripts.id,
        studentName: manuscripts.studentName,
        studentId: manuscripts.studentId,
        studentClass: manuscripts.studentClass,
        topic: manuscripts.topic,
        status: manuscripts.status,
        score: manuscripts.score,
        grade: manuscripts.grade,
        teacherScore: manuscripts.teacherScore,
        criteria: manuscripts.criteria,
        teacherCriteria: manuscripts.teacherCriteria,
        createdAt: manuscripts.createdAt,
        gradedAt: manuscripts.gradedAt,
      },
      submissionId: submissions.id,
      assignmentId: assignments.id,
      assignmentTitle: assignments.title,
      classId: classes.id,
      className: classes.name,
      pageCount,
    })
    .from(manuscripts)
    .leftJoin(submissions, eq(submissions.manuscriptId, manuscripts.id))
    .leftJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .leftJoin(classes, eq(classes.id, assignments.classId))
    .where(conditions(w))
    .orderBy(desc(manuscripts.createdAt), desc(manuscripts.id))
    .limit(limit)
    .offset(offset);
}

export type ReportRecord = Awaited<ReturnType<typeof selectReports>>[number];

export async function countReports(db: Queryable, w: ReportWhere): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(manuscripts)
    .leftJoin(submissions, eq(submissions.manuscriptId, manuscripts.id))
    .leftJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(conditions(w));
  return row?.n ?? 0;
}
