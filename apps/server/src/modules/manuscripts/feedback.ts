import type { TCriterionScore, TFeedback } from "@essay/contract";
import { restateTotal } from "@essay/grading";
import type { StoredCriterion, StoredFeedback } from "../../db/schema.ts";

type Language = "en" | "zh-CN" | "zh-TW";

/** The feedback as the API shows it: in `language` when the grader wrote that version, else as stored. */
export function feedbackIn(stored: StoredFeedback | null, language?: string): TFeedback | null {
  if (!stored) return null;
  const l = language ? stored.localized?.[language as Language] : undefined;
  const f = l ?? stored;
  return { overall: f.overall, strengths: f.strengths, improvements: f.improvements };
}

/**
 * Criteria with their evidence in `language` when available, each showing the teacher's score where they set one
 * (`score`), beside the grader's (`machineScore`).
 */
export function criteriaIn(
  criteria: StoredCriterion[] | null,
  stored: StoredFeedback | null,
  language?: string,
  teacher?: Record<string, number> | null,
): TCriterionScore[] | null {
  if (!criteria) return null;
  const evidence = language ? stored?.localized?.[language as Language]?.evidence : undefined;
  return criteria.map((c, i) => ({
    ...c,
    score: teacher?.[c.key] ?? c.score,
    machineScore: c.score,
    teacherScore: teacher?.[c.key] ?? null,
    evidence: evidence?.[i] ?? c.evidence,
  }));
}

/** Every language version's overall comment restated for the total the report shows (a teacher's own score). */
export function withTotal(stored: StoredFeedback, total: number): StoredFeedback {
  const localized = stored.localized
    ? Object.fromEntries(
        Object.entries(stored.localized).map(([k, v]) => [k, { ...v, overall: restateTotal(v.overall, total) }]),
      )
    : undefined;
  return { ...stored, overall: restateTotal(stored.overall, total), ...(localized ? { localized } : {}) };
}
