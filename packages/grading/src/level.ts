import { stageOf, type TSchoolYear, type TStage } from "@essay/contract";
import type { EssayLanguage } from "./types.ts";

/** School years the fitted models' essays were written in (docs/grading.md): ASAP grades 8–10, Chinese grade 11. */
export const FITTING_YEAR: Record<EssayLanguage, TSchoolYear> = { en: 8, zh: 11 };

/**
 * Characters a student is expected to be able to write (会写) by the end of each stage, from the 义务教育语文课程标准:
 * 第一学段 800, 第二学段 1600, 第三学段 2500, 第四学段 3000; 3500 for senior high (the 一级字表 of the 通用规范汉字表).
 */
export const WRITTEN_CHARS: Record<TStage, number> = {
  lower_primary: 800,
  middle_primary: 1600,
  upper_primary: 2500,
  junior: 3000,
  senior: 3500,
};

/**
 * How far a level lies below the fitting data's, as a share (0 at the fitting level or above): the share of a
 * senior student's written vocabulary the stage has not learnt yet (会写 characters against 3500). The grader
 * forgives that share of the fitted model's negative evidence on maturity features (vocabulary, sentence craft,
 * paragraphing, wrong characters): a grade-3 child is not marked down for lacking a senior student's idioms, but
 * earns the credit when they use one. English applies the same shares to primary years (its fitting data begins
 * at grade 8).
 */
export function leniency(language: EssayLanguage, year: TSchoolYear | undefined): number {
  if (year === undefined || year >= FITTING_YEAR[language]) return 0;
  const stage = stageOf(year);
  if (language === "en" && stage === "junior") return 0;
  return 1 - WRITTEN_CHARS[stage] / WRITTEN_CHARS.senior;
}

/** Where a level's totals sit: its typical essay's total and the spread of its totals against the fitting data's. */
export interface LevelScale {
  typical: number;
  spread: number;
}

/**
 * The scale of a level where it differs from the fitting data's (whose typical essay the fitted intercept places at
 * ~26 for Chinese senior high and ~28 for ASAP, with the spread of their raters). Chinese schools mark primary
 * compositions encouragingly and within a narrow range: on 100 points the usual mark is about 85 and most land at
 * 80–95 (优/良), i.e. about 34/40 and a spread of some 6 points on 40 against the 20–40 of the fitting data's
 * raters; a 中考 composition's usual mark is about 80 % of its points (32/40, spread between the two). English
 * junior and senior high keep the fitting data's scale (ASAP is grades 7–10).
 */
export function levelScale(language: EssayLanguage, year: TSchoolYear | undefined): LevelScale | undefined {
  if (year === undefined) return undefined;
  const stage = stageOf(year);
  if (stage === "lower_primary" || stage === "middle_primary" || stage === "upper_primary") {
    return { typical: 34, spread: 0.6 };
  }
  if (stage === "junior" && language === "zh") return { typical: 32, spread: 0.8 };
  return undefined;
}
