import { GRADE_BANDS, type TAssignmentAnalytics, type TGradeBand } from "@essay/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { assignments, classMembers, manuscripts, submissions, users } from "../../db/schema.ts";
import type { ClassesService } from "../classes/classes.service.ts";
import { classErrors } from "./error-families.ts";

const PASS = 25;
const tenth = (x: number) => Math.round(x * 10) / 10;

/** One assignment's class analytics for its teacher (403 for another teacher's, like the assignment). */
export class AnalyticsService {
  constructor(
    private readonly db: Queryable,
    private readonly classes: ClassesService,
  ) {}

  async assignment(teacherId: string, assignmentId: string): Promise<TAssignmentAnalytics> {
    const { assignment, klass } = await this.classes.ownAssignment(teacherId, assignmentId);
    // the class's assignments up to this one, in the order they were set: each student's trend
    const all = await this.db
      .select({ id: assignments.id, title: assignments.title })
      .from(assignments)
      .where(eq(assignments.classId, klass.id))
      .orderBy(asc(assignments.createdAt), asc(assignments.id));
    // cut in the list rather than compare timestamps (PostgreSQL keeps microseconds a JavaScript Date drops)
    const earlier = all.slice(0, all.findIndex((a) => a.id === assignment.id) + 1);
    const ids = earlier.map((a) => a.id);
    const work = await this.db
      .select({
        assignmentId: submissions.assignmentId,
        studentId: submissions.studentId,
        name: users.name,
        number: manuscripts.studentId,
        status: manuscripts.status,
        score: manuscripts.score,
        grade: manuscripts.grade,
        criteria: manuscripts.criteria,
        teacherCriteria: manuscripts.teacherCriteria,
        text: manuscripts.confirmedText,
        dismissed: manuscripts.dismissed,
      })
      .from(submissions)
      .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
      .innerJoin(users, eq(users.id, submissions.studentId))
      .where(inArray(submissions.assignmentId, ids));
    const roster = await this.db
      .select({ id: users.id, name: users.name, number: classMembers.studentNumber })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.studentId))
      .where(eq(classMembers.classId, klass.id))
      .orderBy(asc(classMembers.joinedAt), asc(users.name));

    const graded = work.filter((w) => w.status === "graded" && w.score !== null);
    const here = graded.filter((w) => w.assignmentId === assignment.id);
    const bands = Object.fromEntries(GRADE_BANDS.map((b) => [b, 0])) as Record<TGradeBand, number>;
    for (const w of here) if (w.grade) bands[w.grade]++;

    const criteria = new Map<string, { key: string; label: string; sum: number; n: number; max: number }>();
    for (const w of here) {
      for (const c of w.criteria ?? []) {
        const e = criteria.get(c.key) ?? { key: c.key, label: c.label, sum: 0, n: 0, max: c.max };
        e.sum += w.teacherCriteria?.[c.key] ?? c.score;
        e.n++;
        criteria.set(c.key, e);
      }
    }

    const people = new Map(roster.map((r) => [r.id, { name: r.name, number: r.number }]));
    // students who submitted and have since left the class stay in the analytics of their work
    for (const w of work.filter((x) => x.assignmentId === assignment.id)) {
      if (!people.has(w.studentId)) people.set(w.studentId, { name: w.name, number: w.number });
    }
    const scoreOf = new Map(graded.map((w) => [`${w.assignmentId}:${w.studentId}`, w]));
    const students = [...people].map(([studentId, p]) => {
      const mine = scoreOf.get(`${assignment.id}:${studentId}`);
      return {
        studentId,
        name: p.name,
        studentNumber: p.number,
        score: mine?.score ?? null,
        grade: mine?.grade ?? null,
        trend: ids.map((id) => scoreOf.get(`${id}:${studentId}`)?.score ?? null),
      };
    });

    const errors = classErrors(
      here
        .filter((w) => w.text?.trim())
        .map((w) => ({ studentId: w.studentId, text: w.text ?? "", dismissed: w.dismissed })),
    );
    const total = here.reduce((s, w) => s + (w.score ?? 0), 0);
    return {
      assignmentId: assignment.id,
      title: assignment.title,
      className: klass.name,
      studentCount: roster.length,
      gradedCount: here.length,
      bands,
      average: here.length ? tenth(total / here.length) : null,
      criteria: [...criteria.values()].map((c) => ({
        key: c.key,
        label: c.label,
        average: tenth(c.sum / c.n),
        max: c.max,
      })),
      assignments: earlier,
      students,
      errors,
      belowPass: students
        .filter((s): s is typeof s & { score: number } => s.score !== null && s.score < PASS)
        .sort((a, b) => a.score - b.score)
        .map(({ studentId, name, studentNumber, score }) => ({ studentId, name, studentNumber, score })),
    };
  }
}
