import type { TTeacherScoreRequest } from "@essay/contract";
import type { StoredCriterion } from "../../db/schema.ts";
import { fail } from "../../lib/fail.ts";

interface Scored {
  criteria: StoredCriterion[] | null;
  teacherCriteria: Record<string, number> | null;
}

/**
 * The teacher's scores after a request: criteria overrides (merged with the earlier ones; null returns one to the
 * grader's) make the total the sum of the criteria as shown; a total alone replaces them. Each criterion must be one
 * the essay was graded on, within its maximum.
 */
export function teacherScores(
  row: Scored,
  body: TTeacherScoreRequest,
): { teacherScore: number | null; teacherCriteria: Record<string, number> | null } {
  if (body.criteria === undefined) return { teacherScore: body.score ?? null, teacherCriteria: null };
  const graded = new Map((row.criteria ?? []).map((c) => [c.key, c]));
  const merged: Record<string, number> = { ...(row.teacherCriteria ?? {}) };
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body.criteria)) {
    const c = graded.get(key);
    if (!c) fieldErrors[`criteria.${key}`] = ["unknown criterion"];
    else if (value !== null && value > c.max) fieldErrors[`criteria.${key}`] = [`at most ${c.max}`];
    else if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(fieldErrors).length > 0) throw fail("VALIDATION_FAILED", { status: 400, fieldErrors });
  if (Object.keys(merged).length === 0) return { teacherScore: body.score ?? null, teacherCriteria: null };
  return { teacherScore: criteriaTotal(row.criteria ?? [], merged), teacherCriteria: merged };
}

/** The total of the criteria as shown: the teacher's score where set, else the grader's. */
export function criteriaTotal(criteria: StoredCriterion[], teacher: Record<string, number>): number {
  return criteria.reduce((sum, c) => sum + (teacher[c.key] ?? c.score), 0);
}
