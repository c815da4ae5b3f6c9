import {
  EMBEDDED_ENGINE,
  type FeedbackLanguage,
  type GradeInput,
  type GradeResult,
  type Grader,
  grade,
} from "@essay/grading";
import type { LocalizedFeedback, StoredFeedback } from "../../db/schema.ts";

export interface GradedEssay {
  result: GradeResult;
  localized: StoredFeedback["localized"];
}

/** Evidence as the contract's strings: the quotation (if any) and the note. */
export function evidenceText(e: { quote?: string; note: string }): string {
  return e.quote ? `“${e.quote}” — ${e.note}` : e.note;
}

const LANGUAGES: FeedbackLanguage[] = ["en", "zh-CN", "zh-TW"];

/**
 * The embedded grader is deterministic: write its feedback in every interface language, so a student reads the
 * report in their own. An LLM grader's feedback exists in the teacher's language only.
 */
function otherLanguages(input: GradeInput, result: GradeResult): StoredFeedback["localized"] {
  if (result.engine !== EMBEDDED_ENGINE) return undefined;
  const out: Partial<Record<FeedbackLanguage, LocalizedFeedback>> = {};
  for (const lang of LANGUAGES) {
    const r = lang === input.feedbackLanguage ? result : grade({ ...input, feedbackLanguage: lang });
    if (r.totalScore !== result.totalScore) return undefined;
    out[lang] = { ...r.feedback, evidence: r.criteria.map((c) => c.evidence.map(evidenceText)) };
  }
  return out;
}

/** One essay graded, with its feedback in every language: the whole CPU-bound part of a grading job. */
export async function gradeEssay(grader: Grader, input: GradeInput): Promise<GradedEssay> {
  const result = await grader.grade(input);
  return { result, localized: otherLanguages(input, result) };
}
