import { englishTokens, hanCount } from "./text.ts";
import type { EssayLanguage } from "./types.ts";

/** Fewest texts of an assignment whose median length says something about what was asked. */
export const COHORT_MIN = 5;

/**
 * How far (in log terms) a class's median may lie from the level's expected length before it moves it: ±15 %. Within
 * that band the difference is the class's own level (a strong class writes more), which the grade should show; beyond
 * it, the level's table does not know the task (a short answer to a reading, a narrative of another length), and the
 * class's length is the better guide. Chosen on ASAP leave-one-prompt-out with the source-answer length hidden
 * (docs/grading.md, "Expected length from the class").
 */
export const COHORT_TOLERANCE = 0.15;

/** Length of a text as the grader counts it: words (English), Han characters and pinyin syllables (Chinese). */
export function textLength(text: string, language: EssayLanguage): number {
  if (language === "en") return englishTokens(text).filter((t) => /[A-Za-z0-9]/.test(t.text)).length;
  // a pinyin run stands for one character of the handwriting (as analyzeZhReading reads it)
  return hanCount(text) + (text.match(/(?<![A-Za-z])[a-z]{1,6}(?![A-Za-z])/g) ?? []).length;
}

/** Median length of an assignment's other texts, when there are enough of them. */
export function cohortLength(texts: string[] | undefined, language: EssayLanguage): number | undefined {
  const lens = (texts ?? [])
    .filter((t) => t.trim().length > 0)
    .map((t) => textLength(t, language))
    .sort((a, b) => a - b);
  if (lens.length < COHORT_MIN) return undefined;
  const mid = lens.length >> 1;
  return lens.length % 2 ? lens[mid]! : (lens[mid - 1]! + lens[mid]!) / 2;
}

/**
 * The expected length once the class's median is known: the level's, moved towards the median by the part of
 * their (log) difference beyond COHORT_TOLERANCE. Returns the level's length unchanged when they agree.
 */
export function classTarget(level: number, median: number | undefined): number {
  if (median === undefined || median <= 0 || level <= 0) return level;
  const d = Math.log(median / level);
  const beyond = Math.sign(d) * Math.max(0, Math.abs(d) - COHORT_TOLERANCE);
  return beyond === 0 ? level : Math.round(level * Math.exp(beyond));
}
