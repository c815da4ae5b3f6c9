import { bandForScore } from "@essay/contract";
import type { FeedbackLanguage, GradeResult, Grader } from "@essay/grading";
import { eq } from "drizzle-orm";
import { manuscripts, users } from "../../db/schema.ts";
import type { DeliveredJob } from "../queue.ts";
import { type HandlerDeps, PermanentJobError, runJob } from "./common.ts";

export interface GradingHandlerDeps extends HandlerDeps {
  grader: Grader;
}

/** Evidence as the contract's strings: the quotation (if any) and the note. */
function evidenceText(e: { quote?: string; note: string }): string {
  return e.quote ? `“${e.quote}” — ${e.note}` : e.note;
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
        return deps.grader.grade({ text, topic: m.topic, targetLength: m.targetLength, feedbackLanguage });
      },
      async store(tx, m, result) {
        const criteria = result.criteria.map((c) => ({
          key: c.key,
          label: c.label,
          score: c.score,
          max: c.max,
          evidence: c.evidence.map(evidenceText),
        }));
        // The total shown is the sum of the rows shown; the band follows the spec's thresholds.
        const score = Math.round(criteria.reduce((a, c) => a + c.score, 0) * 10) / 10;
        const now = new Date();
        await tx
          .update(manuscripts)
          .set({
            status: "graded",
            score,
            grade: bandForScore(score),
            criteria,
            feedback: result.feedback,
            gradingEngine: result.engine,
            gradingVersion: result.version,
            gradedAt: now,
            updatedAt: now,
          })
          .where(eq(manuscripts.id, m.id));
      },
    });
}
