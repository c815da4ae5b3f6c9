import { bandForScore } from "@essay/contract";
import type { CalibrationPoint, FeedbackLanguage, GradeResult, Grader } from "@essay/grading";
import { restateTotal } from "@essay/grading";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { manuscripts, submissions, users } from "../../db/schema.ts";
import type { DeliveredJob } from "../queue.ts";
import { type HandlerDeps, PermanentJobError, runJob } from "./common.ts";

export interface GradingHandlerDeps extends HandlerDeps {
  grader: Grader;
}

/** Evidence as the contract's strings: the quotation (if any) and the note. */
function evidenceText(e: { quote?: string; note: string }): string {
  return e.quote ? `“${e.quote}” — ${e.note}` : e.note;
}

/**
 * Teacher-set scores of other essays of the same assignment, with the grader's raw score for each: the grader maps
 * its scale onto this teacher's for the rest of the assignment. Essays outside an assignment are not calibrated.
 */
async function calibrationFor(db: Queryable, manuscriptId: string): Promise<CalibrationPoint[]> {
  const [link] = await db
    .select({ assignmentId: submissions.assignmentId })
    .from(submissions)
    .where(eq(submissions.manuscriptId, manuscriptId))
    .limit(1);
  if (!link) return [];
  const rows = await db
    .select({ rawTotal: manuscripts.rawTotal, teacherScore: manuscripts.teacherScore })
    .from(submissions)
    .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
    .where(
      and(
        eq(submissions.assignmentId, link.assignmentId),
        ne(manuscripts.id, manuscriptId),
        isNotNull(manuscripts.teacherScore),
        isNotNull(manuscripts.rawTotal),
      ),
    );
  return rows.map((r) => ({ rawTotal: r.rawTotal ?? 0, teacherScore: r.teacherScore ?? 0 }));
}

/** `grading.score`: grade the confirmed text (never the student's name or id), move to `graded`. */
export function gradingHandler(deps: GradingHandlerDeps) {
  return (job: DeliveredJob) =>
    runJob<GradeResult>(deps, job, {
      kind: "grading",
      errorCode: "GRADING_FAILED",
      stillRelevant: (m) => m.status === "text_confirmed" || m.status === "graded",
      async work(m) {
        const text = m.confirmedText ?? "";
        if (text.trim() === "") throw new PermanentJobError("no confirmed text to grade");
        const [teacher] = await deps.db
          .select({ workLanguage: users.workLanguage })
          .from(users)
          .where(eq(users.id, m.userId))
          .limit(1);
        const feedbackLanguage: FeedbackLanguage = teacher?.workLanguage ?? "zh-CN";
        const calibration = await calibrationFor(deps.db, m.id);
        return deps.grader.grade({
          text,
          topic: m.topic,
          targetLength: m.targetLength,
          feedbackLanguage,
          calibration: calibration.length > 0 ? calibration : undefined,
        });
      },
      async store(tx, m, result) {
        const criteria = result.criteria.map((c) => ({
          key: c.key,
          label: c.label,
          score: c.score,
          max: c.max,
          evidence: c.evidence.map(evidenceText),
        }));
        // The grader's total is the sum of the rows shown; a score the teacher set stays theirs after a re-grade.
        const machineScore = Math.round(criteria.reduce((a, c) => a + c.score, 0) * 10) / 10;
        const score = m.teacherScore ?? machineScore;
        const now = new Date();
        await tx
          .update(manuscripts)
          .set({
            status: "graded",
            score,
            machineScore,
            rawTotal: result.rawTotal,
            grade: bandForScore(score),
            criteria,
            feedback:
              m.teacherScore === null
                ? result.feedback
                : { ...result.feedback, overall: restateTotal(result.feedback.overall, score) },
            gradingEngine: result.engine,
            gradingVersion: result.version,
            gradedAt: now,
            updatedAt: now,
          })
          .where(eq(manuscripts.id, m.id));
      },
    });
}
