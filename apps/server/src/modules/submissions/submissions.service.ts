import {
  effectiveGenre,
  essayLanguageOf,
  isSchoolYear,
  type TStudentAssignment,
  type TStudentHistory,
  type TStudentSubmission,
} from "@essay/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { assignments, classes, classMembers, manuscripts, submissions, users } from "../../db/schema.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fail } from "../../lib/fail.ts";
import type { UserRow } from "../accounts/users.repo.ts";
import { toAssignment, UUID } from "../classes/classes.service.ts";
import { criteriaIn, feedbackIn } from "../manuscripts/feedback.ts";
import { type ManuscriptRow, type ManuscriptsService, STATUS_ORDER } from "../manuscripts/manuscripts.service.ts";
import { listPages, type PageSummary, pagesByManuscript } from "../manuscripts/pages.repo.ts";
import { studentHistory } from "./history.ts";

type SubmissionRow = typeof submissions.$inferSelect;

/**
 * The student's side of an assignment. The essay is a manuscript owned by the class's teacher (so it
 * enters the teacher's grading flow unchanged); the student reaches it only through their submission,
 * and sees score, text and feedback only once the teacher has released it.
 */
export class SubmissionsService {
  constructor(
    private readonly db: Queryable,
    private readonly manuscripts: ManuscriptsService,
  ) {}

  /** The student's returned reports per class, with their own trend. */
  history(studentId: string): Promise<TStudentHistory> {
    return studentHistory(this.db, studentId);
  }

  /** Every assignment of every class the student belongs to, newest first, with their own submission. */
  async studentAssignments(studentId: string, language?: string): Promise<TStudentAssignment[]> {
    const rows = await this.db
      .select({ a: assignments, className: classes.name, teacherName: users.name })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .innerJoin(users, eq(users.id, classes.teacherId))
      .innerJoin(
        classMembers,
        and(eq(classMembers.classId, assignments.classId), eq(classMembers.studentId, studentId)),
      )
      .orderBy(desc(assignments.createdAt), desc(assignments.id));
    const ids = rows.map((r) => r.a.id);
    const mine = ids.length
      ? await this.db
          .select({ s: submissions, m: manuscripts })
          .from(submissions)
          .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
          .where(and(eq(submissions.studentId, studentId), inArray(submissions.assignmentId, ids)))
      : [];
    const byAssignment = new Map(mine.map((r) => [r.s.assignmentId, r]));
    const pages = await pagesByManuscript(
      this.db,
      mine.map((r) => r.m.id),
    );
    return rows.map((r) => {
      const sub = byAssignment.get(r.a.id);
      return {
        ...toAssignment(r.a, r.className),
        teacherName: r.teacherName,
        submission: sub ? present(sub.s, sub.m, pages.get(sub.m.id) ?? [], language) : null,
      };
    });
  }

  /** Creates (or returns) the student's submission for an assignment of one of their classes. */
  async create(student: UserRow, assignmentId: string): Promise<TStudentSubmission> {
    if (typeof assignmentId !== "string" || !UUID.test(assignmentId)) throw fail("NOT_FOUND", { status: 404 });
    const [found] = await this.db
      .select({ a: assignments, c: classes, teacherName: users.name })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .innerJoin(users, eq(users.id, classes.teacherId))
      .where(eq(assignments.id, assignmentId))
      .limit(1);
    if (!found) throw fail("NOT_FOUND", { status: 404 });
    const [member] = await this.db
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, found.c.id), eq(classMembers.studentId, student.id)))
      .limit(1);
    if (!member) throw fail("NOT_IN_CLASS", { status: 403 });
    const existing = await this.findByAssignment(student.id, assignmentId);
    if (existing) return existing;
    try {
      return await this.db.transaction(async (tx) => {
        const [m] = await tx
          .insert(manuscripts)
          .values({
            userId: found.c.teacherId,
            studentName: student.name,
            studentClass: `${found.c.grade} ${found.c.name}`.trim(),
            studentId: member.studentNumber,
            teacherName: found.teacherName,
            topic: found.a.topic,
            targetLength: found.a.targetLength,
            schoolYear: found.a.schoolYear ?? found.c.schoolYear,
            genre: found.a.genre,
          })
          .returning();
        if (!m) throw fail("SUBMISSION_CREATE_FAILED", { status: 500 });
        const [s] = await tx
          .insert(submissions)
          .values({ assignmentId, studentId: student.id, manuscriptId: m.id })
          .returning();
        if (!s) throw fail("SUBMISSION_CREATE_FAILED", { status: 500 });
        return present(s, m, [], student.workLanguage);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const again = await this.findByAssignment(student.id, assignmentId);
        if (again) return again;
      }
      throw error;
    }
  }

  async get(studentId: string, id: string, language?: string): Promise<TStudentSubmission> {
    const { s, m } = await this.own(studentId, id);
    return present(s, m, await listPages(this.db, m.id), language);
  }

  /** Adds one page, with the grading screen's checks and limits; refused once the teacher has confirmed the text. */
  async upload(studentId: string, id: string, bytes: Buffer, language?: string): Promise<TStudentSubmission> {
    const { s, m } = await this.ownAsMember(studentId, id);
    await this.manuscripts.upload(m.userId, m.id, bytes);
    const [updated] = await this.db
      .update(submissions)
      .set({ submittedAt: new Date() })
      .where(eq(submissions.id, s.id))
      .returning();
    return this.fresh(updated ?? s, m.id, language);
  }

  /** Removes one of the student's pages (and its photo) until the teacher confirms the text. */
  async deletePage(studentId: string, id: string, pageId: string, language?: string): Promise<TStudentSubmission> {
    const { s, m } = await this.ownAsMember(studentId, id);
    await this.manuscripts.deletePage(m.userId, m.id, pageId);
    return this.fresh(s, m.id, language);
  }

  async reorderPages(
    studentId: string,
    id: string,
    pageIds: readonly string[],
    language?: string,
  ): Promise<TStudentSubmission> {
    const { s, m } = await this.ownAsMember(studentId, id);
    await this.manuscripts.reorderPages(m.userId, m.id, pageIds);
    return this.fresh(s, m.id, language);
  }

  async pageImage(studentId: string, id: string, pageId: string): Promise<Buffer> {
    const { m } = await this.own(studentId, id);
    return this.manuscripts.pageImage(m.userId, m.id, pageId);
  }

  private async fresh(s: SubmissionRow, manuscriptId: string, language?: string): Promise<TStudentSubmission> {
    const [m] = await this.db.select().from(manuscripts).where(eq(manuscripts.id, manuscriptId)).limit(1);
    if (!m) throw fail("NOT_FOUND", { status: 404 });
    return present(s, m, await listPages(this.db, m.id), language);
  }

  /** 404 if unknown, 403 if another student's or the student has left the class: checked before a body is read. */
  async assertCanChange(studentId: string, id: string): Promise<void> {
    await this.ownAsMember(studentId, id);
  }

  async image(studentId: string, id: string): Promise<Buffer> {
    const { m } = await this.own(studentId, id);
    return this.manuscripts.image(m.userId, m.id);
  }

  private async findByAssignment(studentId: string, assignmentId: string) {
    const [row] = await this.db
      .select({ s: submissions, m: manuscripts })
      .from(submissions)
      .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
      .where(and(eq(submissions.studentId, studentId), eq(submissions.assignmentId, assignmentId)))
      .limit(1);
    return row ? present(row.s, row.m, await listPages(this.db, row.m.id)) : null;
  }

  /**
   * The student's own submission, to change: only while they belong to the assignment's class. A student the
   * teacher removed keeps reading their past work but adds, moves and removes no pages.
   */
  private async ownAsMember(studentId: string, id: string) {
    const row = await this.own(studentId, id);
    const [member] = await this.db
      .select({ studentId: classMembers.studentId })
      .from(assignments)
      .innerJoin(
        classMembers,
        and(eq(classMembers.classId, assignments.classId), eq(classMembers.studentId, studentId)),
      )
      .where(eq(assignments.id, row.s.assignmentId))
      .limit(1);
    if (!member) throw fail("NOT_IN_CLASS", { status: 403 });
    return row;
  }

  private async own(studentId: string, id: string) {
    if (!UUID.test(id)) throw fail("NOT_FOUND", { status: 404 });
    const [row] = await this.db
      .select({ s: submissions, m: manuscripts })
      .from(submissions)
      .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
      .where(eq(submissions.id, id))
      .limit(1);
    if (!row) throw fail("NOT_FOUND", { status: 404 });
    if (row.s.studentId !== studentId) throw fail("FORBIDDEN", { status: 403 });
    return row;
  }
}

/** A submission as its student sees it; the report's feedback in the student's own work language. */
function present(
  s: SubmissionRow,
  m: ManuscriptRow,
  pages: readonly PageSummary[],
  language?: string,
): TStudentSubmission {
  const returned = Boolean(s.releasedAt) && m.status === "graded";
  const views = pages.map((p, i) => ({
    id: p.id,
    number: i + 1,
    imageUrl: `/api/student/submissions/${s.id}/pages/${p.id}/image`,
    width: p.imageWidth,
    height: p.imageHeight,
  }));
  const pageTexts = pages.length > 0 && pages.every((p) => p.confirmedText !== null);
  return {
    id: s.id,
    assignmentId: s.assignmentId,
    state: returned ? "returned" : views.length > 0 ? "submitted" : "not_submitted",
    imageUrl: views[0]?.imageUrl ?? "",
    pages: views,
    canUpload: STATUS_ORDER[m.status] < STATUS_ORDER.text_confirmed,
    submittedAt: s.submittedAt?.toISOString() ?? null,
    releasedAt: returned ? (s.releasedAt?.toISOString() ?? null) : null,
    report:
      returned && m.score !== null
        ? {
            score: m.score,
            grade: m.grade ?? "fail",
            feedback: feedbackIn(m.feedback, language),
            criteria: criteriaIn(m.criteria, m.feedback, language, m.teacherCriteria),
            confirmedText: m.confirmedText ?? "",
            studentName: m.studentName,
            studentClass: m.studentClass,
            studentId: m.studentId,
            teacherName: m.teacherName,
            topic: m.topic,
            schoolYear: isSchoolYear(m.schoolYear) ? m.schoolYear : null,
            genre: effectiveGenre(
              m.genre,
              m.topic,
              essayLanguageOf(m.confirmedText ?? m.topic),
              isSchoolYear(m.schoolYear) ? m.schoolYear : null,
            ),
            teacherScored: m.teacherScore !== null,
            gradedAt: (m.gradedAt ?? m.updatedAt).toISOString(),
            pageTexts: pageTexts ? pages.map((p) => p.confirmedText ?? "") : null,
          }
        : null,
  };
}
