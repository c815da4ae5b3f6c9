import { bandForScore } from "@essay/contract";
import {
  type CalibrationPoint,
  EMBEDDED_ENGINE,
  type FeedbackLanguage,
  type GradeInput,
  type Grader,
} from "@essay/grading";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { manuscripts, submissions, users } from "../../db/schema.ts";
import { withTotal } from "../../modules/manuscripts/feedback.ts";
import { criteriaTotal } from "../../modules/manuscripts/teacher-scores.ts";
import { evidenceText, type GradedEssay, gradeEssay } from "../grading-thread/grade-essay.ts";
import type { GradingPool } from "../grading-thread/pool.ts";
import type { DeliveredJob } from "../queue.ts";
import { type HandlerDeps, PermanentJobError, runJob } from "./common.ts";

export interface GradingHandlerDeps extends HandlerDeps {
  grader: Grader;
  /** Worker threads for the embedded grader; without one (or for an LLM grader) it runs on this thread. */
  pool?: GradingPool | null;
}

interface Graded extends GradedEssay {
  /** Teacher-scored essays of the assignment the grade was calibrated on. */
  calibratedOn: number;
}

/** Texts of a class the grader reads at most (their median length is what it uses). */
const COHORT_LIMIT = 200;

/**
 * What the rest of the manuscript's assignment tells the grader. `calibration`: teacher-set scores of other essays,
 * with their texts — the grader maps its scale onto this teacher's for the rest of the assignment. `cohort`: the other
 * confirmed texts, scored or not — their median length stands for the task's length where the level's table does
 * not know it. Essays outside an assignment get neither.
 */
async function assignmentContext(
  db: Queryable,
  manuscriptId: string,
): Promise<{ calibration: CalibrationPoint[]; cohort: string[] }> {
  const [link] = await db
    .select({ assignmentId: submissions.assignmentId })
    .from(submissions)
    .where(eq(submissions.manuscriptId, manuscriptId))
    .limit(1);
  if (!link) return { calibration: [], cohort: [] };
  const others = and(
    eq(submissions.assignmentId, link.assignmentId),
    ne(manuscripts.id, manuscriptId),
    isNotNull(manuscripts.confirmedText),
  );
  const scored = await db
    .select({ confirmedText: manuscripts.confirmedText, teacherScore: manuscripts.teacherScore })
    .from(submissions)
    .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
    .where(and(others, isNotNull(manuscripts.teacherScore)));
  const texts = await db
    .select({ confirmedText: manuscripts.confirmedText })
    .from(submissions)
    .innerJoin(manuscripts, eq(manuscripts.id, submissions.manuscriptId))
    .where(others)
    .orderBy(manuscripts.createdAt)
    .limit(COHORT_LIMIT);
  // the texts, not stored raw totals: the grader scores them under its current version, and with enough of them
  // it also compares the new essay's content with the teacher-scored ones
  return {
    calibration: scored.map((r) => ({ text: r.confirmedText ?? "", teacherScore: r.teacherScore ?? 0 })),
    cohort: texts.map((r) => r.confirmedText ?? ""),
  };
}

/** `grading.score`: grade the confirmed text (never the student's name or id), move to `graded`. */
export function gradingHandler(deps: GradingHandlerDeps) {
  return (job: DeliveredJob) =>
    runJob<Graded>(deps, job, {
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
        const { calibration, cohort } = await assignmentContext(deps.db, m.id);
        const input: GradeInput = {
          text,
          topic: m.topic,
          // null: the length the topic names, else the level's (the grader resolves both)
          targetLength: m.targetLength ?? undefined,
          grade: m.schoolYear ?? undefined,
          genre: m.genre ?? undefined,
          feedbackLanguage,
          calibration: calibration.length > 0 ? calibration : undefined,
          // the teacher's decisions: what they dismissed is not counted, nor listed in the report
          dismissed: m.dismissed ?? undefined,
          cohort: cohort.length > 0 ? cohort : undefined,
        };
        // the embedded grader is seconds of CPU for a long essay: in a worker thread, the API keeps answering
        const graded =
          deps.pool && deps.grader.id === EMBEDDED_ENGINE
            ? await deps.pool.grade(input)
            : await gradeEssay(deps.grader, input);
        return { ...graded, calibratedOn: calibration.length };
      },
      async store(tx, m, { result, localized, calibratedOn }) {
        const criteria = result.criteria.map((c) => ({
          key: c.key,
          label: c.label,
          score: c.score,
          max: c.max,
          evidence: c.evidence.map(evidenceText),
        }));
        // The grader's total is the sum of the rows shown; a score the teacher set stays theirs after a re-grade
        // (criteria they set stay theirs, the total being the sum of the criteria as shown).
        const machineScore = Math.round(criteria.reduce((a, c) => a + c.score, 0) * 10) / 10;
        const teacherCriteria =
          m.teacherCriteria && Object.keys(m.teacherCriteria).length > 0 ? m.teacherCriteria : null;
        const teacherScore = teacherCriteria ? criteriaTotal(criteria, teacherCriteria) : m.teacherScore;
        const score = teacherScore ?? machineScore;
        const now = new Date();
        await tx
          .update(manuscripts)
          .set({
            status: "graded",
            score,
            machineScore,
            teacherScore,
            calibratedOn,
            rawTotal: result.rawTotal,
            grade: bandForScore(score),
            criteria,
            feedback: withTotal({ ...result.feedback, ...(localized ? { localized } : {}) }, score),
            gradingEngine: result.engine,
            gradingVersion: result.version,
            gradedAt: now,
            updatedAt: now,
          })
          .where(eq(manuscripts.id, m.id));
      },
    });
}
