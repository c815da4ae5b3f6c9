import { randomInt } from "node:crypto";
import {
  isSchoolYear,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  resolveTarget,
  schoolYearFromLabel,
  type TAddStudentRequest,
  type TAssignment,
  type TAssignmentDetail,
  type TClassAddition,
  type TClassDetail,
  type TClassSummary,
  type TCreateAssignmentRequest,
  type TCreateClassRequest,
  type TStudentClass,
  type TTeacherAssignment,
  ZAddStudentRequest,
  ZCreateAssignmentRequest,
  ZCreateClassRequest,
  ZJoinCode,
} from "@essay/contract";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import {
  assignments,
  classAdditions,
  classes,
  classMembers,
  manuscripts,
  submissions,
  users,
} from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fail } from "../../lib/fail.ts";
import { normalizePhoneInput } from "../../lib/phone.ts";
import type { UserRow } from "../accounts/users.repo.ts";

export type ClassRow = typeof classes.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function generateJoinCode(): string {
  let code = "";
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Phones a class may hold waiting to accept: a roster's worth, so a typo-ridden afternoon fits but a list dump does not. */
export const MAX_PENDING_ADDITIONS = 200;

/**
 * Classes, rosters and assignments. Every teacher method takes the teacher's id and answers
 * 404 for ids that do not exist and 403 for records of another teacher.
 */
export class ClassesService {
  constructor(private readonly db: Queryable) {}

  // ── classes ───────────────────────────────────────────────────────────────

  async listClasses(teacherId: string): Promise<TClassSummary[]> {
    const rows = await this.db
      .select({
        c: classes,
        students: sql<number>`(select count(*) from ${classMembers} m where m.class_id = ${classes.id})`.mapWith(
          Number,
        ),
        assignments: sql<number>`(select count(*) from ${assignments} a where a.class_id = ${classes.id})`.mapWith(
          Number,
        ),
      })
      .from(classes)
      .where(eq(classes.teacherId, teacherId))
      .orderBy(desc(classes.createdAt), desc(classes.id));
    return rows.map((r) => this.summary(r.c, r.students, r.assignments));
  }

  async createClass(teacherId: string, body: TCreateClassRequest): Promise<TClassSummary> {
    const input = ZCreateClassRequest.parse(body);
    for (let attempt = 0; ; attempt++) {
      try {
        const schoolYear = input.schoolYear ?? schoolYearFromLabel(input.grade) ?? null;
        const [row] = await this.db
          .insert(classes)
          .values({ teacherId, ...input, schoolYear, joinCode: generateJoinCode() })
          .returning();
        if (!row) throw fail("SAVE_FAILED", { status: 500 });
        return this.summary(row, 0, 0);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  async getClass(teacherId: string, classId: string): Promise<TClassDetail> {
    const row = await this.ownClass(teacherId, classId);
    const students = await this.db
      .select({ u: users, m: classMembers })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.studentId))
      .where(eq(classMembers.classId, row.id))
      .orderBy(asc(classMembers.joinedAt), asc(users.name));
    const list = await this.assignmentStats(eq(assignments.classId, row.id));
    const pending = await this.db
      .select()
      .from(classAdditions)
      .where(eq(classAdditions.classId, row.id))
      .orderBy(asc(classAdditions.addedAt), asc(classAdditions.phoneNumber));
    return {
      ...this.summary(row, students.length, list.length),
      students: students.map(({ u, m }) => ({
        id: u.id,
        name: u.name,
        phoneNumber: u.phoneNumber,
        studentNumber: m.studentNumber,
        joinedAt: m.joinedAt.toISOString(),
      })),
      pending: pending.map((p) => ({
        id: p.id,
        phoneNumber: p.phoneNumber,
        studentNumber: p.studentNumber,
        addedAt: p.addedAt.toISOString(),
      })),
      assignments: list,
    };
  }

  /**
   * Adds a phone to the class's waiting list; its owner joins by accepting. The answer is the same whether the
   * phone is a student's, a teacher's or nobody's, so adding by phone tells the teacher nothing about the number.
   * Only a phone already on this teacher's own roster is refused (the teacher sees that roster anyway).
   */
  async addStudent(teacherId: string, classId: string, body: TAddStudentRequest): Promise<TClassDetail> {
    const row = await this.ownClass(teacherId, classId);
    const input = ZAddStudentRequest.parse(body);
    const phone = normalizePhoneInput(input.phoneNumber);
    if (!phone) throw fail("VALIDATION_FAILED", { status: 400, fieldErrors: { phoneNumber: ["invalid"] } });
    const [member] = await this.db
      .select({ id: users.id })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.studentId))
      .where(and(eq(classMembers.classId, row.id), eq(users.phoneNumber, phone)))
      .limit(1);
    if (member) throw fail("ALREADY_IN_CLASS", { status: 409 });
    const studentNumber = input.studentNumber?.trim() || null;
    await this.db.transaction(async (tx) => {
      // the class row's lock counts parallel additions one by one, so the cap holds
      await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, row.id)).for("update");
      const [waiting] = await tx
        .select({ n: count() })
        .from(classAdditions)
        .where(and(eq(classAdditions.classId, row.id), sql`${classAdditions.phoneNumber} <> ${phone}`));
      if ((waiting?.n ?? 0) >= MAX_PENDING_ADDITIONS) throw fail("TOO_MANY_PENDING", { status: 409 });
      await tx
        .insert(classAdditions)
        .values({ classId: row.id, phoneNumber: phone, studentNumber })
        .onConflictDoUpdate({
          target: [classAdditions.classId, classAdditions.phoneNumber],
          set: { studentNumber, addedAt: new Date() },
        });
    });
    return this.getClass(teacherId, classId);
  }

  /** Takes a phone off the class's waiting list. */
  async removePending(teacherId: string, classId: string, additionId: string): Promise<TClassDetail> {
    const row = await this.ownClass(teacherId, classId);
    if (!UUID.test(additionId)) throw fail("NOT_FOUND", { status: 404 });
    const removed = await this.db
      .delete(classAdditions)
      .where(and(eq(classAdditions.classId, row.id), eq(classAdditions.id, additionId)))
      .returning();
    if (removed.length === 0) throw fail("NOT_FOUND", { status: 404 });
    return this.getClass(teacherId, classId);
  }

  async removeStudent(teacherId: string, classId: string, studentId: string): Promise<TClassDetail> {
    const row = await this.ownClass(teacherId, classId);
    if (!UUID.test(studentId)) throw fail("NOT_FOUND", { status: 404 });
    const removed = await this.db
      .delete(classMembers)
      .where(and(eq(classMembers.classId, row.id), eq(classMembers.studentId, studentId)))
      .returning();
    if (removed.length === 0) throw fail("NOT_FOUND", { status: 404 });
    return this.getClass(teacherId, classId);
  }

  // ── assignments ───────────────────────────────────────────────────────────

  async createAssignment(teacherId: string, classId: string, body: TCreateAssignmentRequest) {
    const row = await this.ownClass(teacherId, classId);
    const raw = (body ?? {}) as { title?: unknown };
    if (typeof raw.title !== "string" || raw.title.trim() === "") {
      throw fail("ASSIGNMENT_TITLE_REQUIRED", { status: 400, fieldErrors: { title: ["required"] } });
    }
    const input = ZCreateAssignmentRequest.parse(body);
    const [created] = await this.db
      .insert(assignments)
      .values({
        classId: row.id,
        title: input.title,
        topic: input.topic,
        // null: the length the topic names, else the level's (resolved when shown and when graded)
        targetLength: input.targetLength ?? null,
        language: input.language,
        schoolYear: input.schoolYear ?? row.schoolYear,
        genre: input.genre ?? null,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
      })
      .returning();
    if (!created) throw fail("SAVE_FAILED", { status: 500 });
    const [stats] = await this.assignmentStats(eq(assignments.id, created.id));
    if (!stats) throw fail("SAVE_FAILED", { status: 500 });
    return stats;
  }

  async listAssignments(teacherId: string): Promise<TTeacherAssignment[]> {
    return this.assignmentStats(eq(classes.teacherId, teacherId));
  }

  async getAssignment(teacherId: string, assignmentId: string): Promise<TAssignmentDetail> {
    const { assignment } = await this.ownAssignment(teacherId, assignmentId);
    const [stats] = await this.assignmentStats(eq(assignments.id, assignment.id));
    if (!stats) throw fail("NOT_FOUND", { status: 404 });
    const roster = await this.db
      .select({ u: users, m: classMembers })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.studentId))
      .where(eq(classMembers.classId, assignment.classId))
      .orderBy(asc(classMembers.joinedAt), asc(users.name));
    const subs = await this.db
      .select({ s: submissions, m: manuscripts, u: users })
      .from(submissions)
      .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
      .innerJoin(users, eq(users.id, submissions.studentId))
      .where(eq(submissions.assignmentId, assignment.id));
    const byStudent = new Map(subs.map((r) => [r.s.studentId, r]));
    const present = (r: (typeof subs)[number]) => ({
      id: r.s.id,
      manuscriptId: r.m.id,
      status: r.m.status,
      score: r.m.score,
      grade: r.m.grade,
      submittedAt: iso(r.s.submittedAt),
      releasedAt: iso(r.s.releasedAt),
      late: Boolean(assignment.dueAt && r.s.submittedAt && r.s.submittedAt > assignment.dueAt),
    });
    const rows = roster.map(({ u, m }) => {
      const sub = byStudent.get(u.id);
      byStudent.delete(u.id);
      return {
        student: { id: u.id, name: u.name, studentNumber: m.studentNumber },
        submission: sub ? present(sub) : null,
      };
    });
    // Work of students who have since left the class stays visible to the teacher.
    for (const sub of byStudent.values()) {
      rows.push({
        student: { id: sub.u.id, name: sub.u.name, studentNumber: sub.m.studentId },
        submission: present(sub),
      });
    }
    return { assignment: stats, rows };
  }

  /** Shows the graded report to the student. Only graded work can be released. */
  async release(teacherId: string, submissionId: string, released: boolean) {
    if (!UUID.test(submissionId)) throw fail("NOT_FOUND", { status: 404 });
    const [found] = await this.db
      .select({ s: submissions, m: manuscripts, teacherId: classes.teacherId })
      .from(submissions)
      .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .where(eq(submissions.id, submissionId))
      .limit(1);
    if (!found) throw fail("NOT_FOUND", { status: 404 });
    if (found.teacherId !== teacherId) throw fail("FORBIDDEN", { status: 403 });
    if (released && found.m.status !== "graded") throw fail("NOT_GRADED_YET", { status: 409 });
    const [updated] = await this.db
      .update(submissions)
      .set({ releasedAt: released ? new Date() : null })
      .where(eq(submissions.id, submissionId))
      .returning();
    return { id: submissionId, releasedAt: iso(updated?.releasedAt ?? null) };
  }

  // ── student side ──────────────────────────────────────────────────────────

  async studentClasses(studentId: string): Promise<TStudentClass[]> {
    const rows = await this.db
      .select({ c: classes, m: classMembers, teacherName: users.name })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .innerJoin(users, eq(users.id, classes.teacherId))
      .where(eq(classMembers.studentId, studentId))
      .orderBy(desc(classMembers.joinedAt));
    return rows.map(({ c, m, teacherName }) => ({
      id: c.id,
      name: c.name,
      grade: c.grade,
      subject: c.subject,
      teacherName,
      studentNumber: m.studentNumber,
      joinedAt: m.joinedAt.toISOString(),
    }));
  }

  async join(student: UserRow, rawCode: unknown): Promise<TStudentClass> {
    const parsed = ZJoinCode.safeParse(rawCode);
    if (!parsed.success) throw fail("JOIN_CODE_INVALID", { status: 400 });
    const [row] = await this.db.select().from(classes).where(eq(classes.joinCode, parsed.data)).limit(1);
    if (!row) throw fail("JOIN_CODE_INVALID", { status: 404 });
    await this.addMember(row.id, student.id, undefined);
    // a teacher's waiting addition of this phone is answered by joining
    await this.forgetAdditions(row.id, student.phoneNumber);
    return this.joinedClass(student.id, row.id);
  }

  /** The classes whose teachers added this student's phone, waiting for the student's answer. */
  async studentAdditions(student: UserRow): Promise<TClassAddition[]> {
    const rows = await this.db
      .select({ a: classAdditions, c: classes, teacherName: users.name })
      .from(classAdditions)
      .innerJoin(classes, eq(classes.id, classAdditions.classId))
      .innerJoin(users, eq(users.id, classes.teacherId))
      .where(eq(classAdditions.phoneNumber, student.phoneNumber))
      .orderBy(desc(classAdditions.addedAt));
    return rows.map(({ a, c, teacherName }) => ({
      id: a.id,
      classId: c.id,
      name: c.name,
      grade: c.grade,
      subject: c.subject,
      teacherName,
      addedAt: a.addedAt.toISOString(),
    }));
  }

  /** Joins the class of a teacher's addition of this student's phone, with the number the teacher gave. */
  async acceptAddition(student: UserRow, additionId: string): Promise<TStudentClass> {
    const addition = await this.ownAddition(student, additionId);
    try {
      await this.addMember(addition.classId, student.id, addition.studentNumber ?? undefined);
    } catch (error) {
      // joined meanwhile (by code, or a second click): the answer is the class either way
      if (!(error instanceof AppError && error.code === "ALREADY_IN_CLASS")) throw error;
    }
    await this.forgetAdditions(addition.classId, student.phoneNumber);
    return this.joinedClass(student.id, addition.classId);
  }

  async declineAddition(student: UserRow, additionId: string): Promise<{ success: true }> {
    const addition = await this.ownAddition(student, additionId);
    await this.db.delete(classAdditions).where(eq(classAdditions.id, addition.id));
    return { success: true };
  }

  // ── helpers ───────────────────────────────────────────────────────────────

  /** An addition of this student's own phone; anyone else's, or an unknown id, is 404 (nothing to learn). */
  private async ownAddition(student: UserRow, additionId: string) {
    if (!UUID.test(additionId)) throw fail("NOT_FOUND", { status: 404 });
    const [row] = await this.db
      .select()
      .from(classAdditions)
      .where(and(eq(classAdditions.id, additionId), eq(classAdditions.phoneNumber, student.phoneNumber)))
      .limit(1);
    if (!row) throw fail("NOT_FOUND", { status: 404 });
    return row;
  }

  private async forgetAdditions(classId: string, phoneNumber: string) {
    await this.db
      .delete(classAdditions)
      .where(and(eq(classAdditions.classId, classId), eq(classAdditions.phoneNumber, phoneNumber)));
  }

  private async joinedClass(studentId: string, classId: string): Promise<TStudentClass> {
    const mine = await this.studentClasses(studentId);
    const joined = mine.find((c) => c.id === classId);
    if (!joined) throw fail("INTERNAL", { status: 500 });
    return joined;
  }

  /** Adds a member; without a number the student gets the next roster number ("1", "2", …). */
  private async addMember(classId: string, studentId: string, studentNumber: string | undefined) {
    for (let attempt = 0; ; attempt++) {
      const [n] = await this.db.select({ n: count() }).from(classMembers).where(eq(classMembers.classId, classId));
      try {
        await this.db.insert(classMembers).values({
          classId,
          studentId,
          studentNumber: studentNumber?.trim() || String((n?.n ?? 0) + 1 + attempt),
        });
        return;
      } catch (error) {
        if (isUniqueViolation(error)) throw fail("ALREADY_IN_CLASS", { status: 409 });
        if (attempt >= 2) throw error;
      }
    }
  }

  private summary(row: ClassRow, studentCount: number, assignmentCount: number): TClassSummary {
    return {
      id: row.id,
      name: row.name,
      grade: row.grade,
      schoolYear: row.schoolYear,
      subject: row.subject,
      joinCode: row.joinCode,
      studentCount,
      assignmentCount,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private async assignmentStats(where: SQL): Promise<TTeacherAssignment[]> {
    const s = submissions;
    const rows = await this.db
      .select({
        a: assignments,
        className: classes.name,
        studentCount:
          sql<number>`(select count(*) from ${classMembers} m where m.class_id = ${assignments.classId})`.mapWith(
            Number,
          ),
        submittedCount:
          sql<number>`(select count(*) from ${s} x where x.assignment_id = ${assignments.id} and x.submitted_at is not null)`.mapWith(
            Number,
          ),
        gradedCount:
          sql<number>`(select count(*) from ${s} x join ${manuscripts} y on y.id = x.manuscript_id where x.assignment_id = ${assignments.id} and y.status = 'graded')`.mapWith(
            Number,
          ),
        releasedCount:
          sql<number>`(select count(*) from ${s} x where x.assignment_id = ${assignments.id} and x.released_at is not null)`.mapWith(
            Number,
          ),
        teacherScoredCount:
          sql<number>`(select count(*) from ${s} x join ${manuscripts} y on y.id = x.manuscript_id where x.assignment_id = ${assignments.id} and y.status = 'graded' and y.teacher_score is not null)`.mapWith(
            Number,
          ),
      })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .where(where)
      .orderBy(desc(assignments.createdAt), desc(assignments.id));
    return rows.map((r) => ({
      ...toAssignment(r.a, r.className),
      studentCount: r.studentCount,
      submittedCount: r.submittedCount,
      gradedCount: r.gradedCount,
      releasedCount: r.releasedCount,
      teacherScoredCount: r.teacherScoredCount,
    }));
  }

  async ownClass(teacherId: string, classId: string): Promise<ClassRow> {
    if (!UUID.test(classId)) throw fail("NOT_FOUND", { status: 404 });
    const [row] = await this.db.select().from(classes).where(eq(classes.id, classId)).limit(1);
    if (!row) throw fail("NOT_FOUND", { status: 404 });
    if (row.teacherId !== teacherId) throw fail("FORBIDDEN", { status: 403 });
    return row;
  }

  async ownAssignment(teacherId: string, assignmentId: string) {
    if (!UUID.test(assignmentId)) throw fail("NOT_FOUND", { status: 404 });
    const [row] = await this.db
      .select({ assignment: assignments, klass: classes })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .where(eq(assignments.id, assignmentId))
      .limit(1);
    if (!row) throw fail("NOT_FOUND", { status: 404 });
    if (row.klass.teacherId !== teacherId) throw fail("FORBIDDEN", { status: 403 });
    return row;
  }

  /** Class ids the student belongs to. */
  async memberships(studentId: string, classIds?: string[]) {
    const where = classIds
      ? and(eq(classMembers.studentId, studentId), inArray(classMembers.classId, classIds))
      : eq(classMembers.studentId, studentId);
    return this.db.select().from(classMembers).where(where);
  }
}

export function toAssignment(row: AssignmentRow, className: string): TAssignment {
  const year = isSchoolYear(row.schoolYear) ? row.schoolYear : null;
  const target = resolveTarget({
    targetLength: row.targetLength,
    topic: row.topic,
    language: row.language === "en" ? "en" : "zh",
    year,
    genre: row.genre,
  });
  return {
    id: row.id,
    classId: row.classId,
    className,
    title: row.title,
    topic: row.topic,
    targetLength: target.targetLength,
    targetLengthSource: target.source,
    language: row.language,
    schoolYear: year,
    genre: row.genre,
    dueAt: iso(row.dueAt),
    createdAt: row.createdAt.toISOString(),
  };
}
