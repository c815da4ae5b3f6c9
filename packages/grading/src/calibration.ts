import { TOTAL_MAX } from "./rubric.ts";
import { ContentKernel } from "./similarity.ts";
import type { EssayLanguage } from "./types.ts";

export interface CalibrationPair {
  raw: number;
  teacher: number;
}

export interface CalibrationMap {
  /** Maps a raw 0–40 total to the teacher's 0–40 scale (monotone non-decreasing). */
  apply(raw: number): number;
  method: "identity" | "shift" | "linear";
  n: number;
}

/**
 * Monotone mapping from raw totals onto a teacher's scale, fitted on teacher-scored essays of one assignment.
 * - 1 essay, or raw totals without spread: shift by the mean difference.
 * - ≥ 2 essays: linear equating (match mean and spread) when raw and teacher scores correlate positively,
 *   with the slope shrunk towards 1 for small samples and clamped to [0.25, 4]; otherwise a shift.
 * The result is clamped to [0, 40]. Non-decreasing by construction (slope ≥ 0).
 */
export function fitCalibration(pairs: CalibrationPair[]): CalibrationMap {
  const n = pairs.length;
  if (n === 0) return { apply: (r) => clampTotal(r), method: "identity", n };
  const mr = pairs.reduce((a, p) => a + p.raw, 0) / n;
  const mt = pairs.reduce((a, p) => a + p.teacher, 0) / n;
  if (n < 2) return { apply: (r) => clampTotal(r + (mt - mr)), method: "shift", n };
  const vr = pairs.reduce((a, p) => a + (p.raw - mr) ** 2, 0) / n;
  const vt = pairs.reduce((a, p) => a + (p.teacher - mt) ** 2, 0) / n;
  const cov = pairs.reduce((a, p) => a + (p.raw - mr) * (p.teacher - mt), 0) / n;
  if (vr < 1e-9 || vt < 1e-9 || cov <= 0) return { apply: (r) => clampTotal(r + (mt - mr)), method: "shift", n };
  const equate = Math.sqrt(vt / vr);
  // shrink towards 1 with few points (weight n / (n + 5))
  const wgt = n / (n + SHRINK);
  const slope = Math.max(0.25, Math.min(4, wgt * equate + (1 - wgt)));
  return { apply: (r) => clampTotal(mt + slope * (r - mr)), method: "linear", n };
}

/** Pseudo-count of the shrinkage of the equating slope towards 1. */
const SHRINK = 5;

function clampTotal(x: number): number {
  return Math.max(0, Math.min(TOTAL_MAX, x));
}
/** A teacher-scored essay of the assignment under the grader's two models (0–40 totals, unclamped). */
export interface TeacherPoint {
  /** The grading (step-function) model's total: the uncalibrated grade. */
  grading: number;
  /** The linear (calibration) model's total. */
  linear: number;
  teacher: number;
  /** Content estimate (leave-one-out for teacher-scored essays; see ContentKernel), if used. */
  content?: number | null;
}

export interface TeacherCalibration {
  apply(p: { grading: number; linear: number; content?: number | null }): number;
  method: "identity" | "assignment";
  n: number;
}

/**
 * Constants of fitTeacherCalibration (fitted on the shared ASAP files, leave-one-prompt-out; docs/grading.md).
 * - LINEAR_MIX: weight of the linear model's ranking mixed into the grading model's, reached as n / (n + 3).
 * - CONTENT_WEIGHT: weight of the content estimate, in standard deviations of the mixed score.
 * - LEVEL_PRIOR_VAR: variance (points²) of how far an assignment's teacher level lies from the model's
 *   (between-prompt variance on ASAP, held out); RESIDUAL_PRIOR_VAR / RESIDUAL_PRIOR_N: prior of the essays'
 *   disagreement variance (teacher − model) with its weight in essays.
 * - SPREAD_SHRINK: pseudo-count of the model's own spread against the teacher's, at RESIDUAL_PRIOR_VAR.
 */
export const LINEAR_MIX = 0.6;
const LINEAR_MIX_RAMP = 3;
export const CONTENT_WEIGHT = 0.1;
const LEVEL_PRIOR_VAR = 8;
const RESIDUAL_PRIOR_VAR = 25;
const RESIDUAL_PRIOR_N = 5;
const SPREAD_SHRINK = 20;

/** Weight of the linear model's ranking with n teacher-scored essays. */
function linearMix(n: number): number {
  return (LINEAR_MIX * n) / (n + LINEAR_MIX_RAMP);
}

/**
 * The content estimate (kernel ridge over the teacher-scored essays' content words, predicting how far the
 * teacher's score lies from the models') needs this many teacher-scored texts; it is used for English only (the
 * Chinese fitting data has a different title for almost every essay, so it cannot be checked there).
 * On ASAP (leave-one-prompt-out): +0.008 QWK at K=10, +0.010 at K=30.
 */
export const MIN_CONTENT_POINTS = 10;

/**
 * The content estimate of an assignment, or undefined when it does not apply: a kernel over the teacher-scored
 * texts of how far each teacher score lies from the mixed ranking score of fitTeacherCalibration (its mean is the
 * kernel's offset, so the ranking score need not be centred here).
 */
export function contentKernel(
  points: { text: string; grading: number; linear: number; teacher: number }[],
  language: EssayLanguage,
): ContentKernel | undefined {
  if (language !== "en" || points.length < MIN_CONTENT_POINTS) return undefined;
  const mix = linearMix(points.length);
  return new ContentKernel(
    points.map((p) => ({ text: p.text, target: p.teacher - (p.grading + mix * (p.linear - p.grading)) })),
  );
}

/**
 * Maps an essay onto the teacher's scale from the teacher-scored essays of its assignment (empirical Bayes: the
 * fewer and the noisier the teacher's scores, the closer the result stays to the uncalibrated grade):
 * 1. ranking: the grading model's total with the linear model's deviations mixed in (weight 0.6 × n / (n + 3)),
 *    plus, when given, the content estimate (weight 0.1 standard deviations);
 * 2. level: the teacher's mean difference from it, shrunk by n / (n + v / 8), where v is the disagreement variance
 *    (teacher − score) on the teacher-scored essays, itself shrunk towards 25 with 5 pseudo-essays;
 * 3. spread: the teacher's standard deviation, trusted by n / (n + 20 v / 25) against the grading model's own.
 * Monotone non-decreasing in each score (all weights ≥ 0); clamped to [0, 40].
 */
export function fitTeacherCalibration(points: TeacherPoint[]): TeacherCalibration {
  const n = points.length;
  if (n === 0) return { apply: (p) => clampTotal(p.grading), method: "identity", n };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = (xs: number[]) => {
    const m = mean(xs);
    return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
  };
  const mg = mean(points.map((p) => p.grading));
  const ml = mean(points.map((p) => p.linear));
  const mix = linearMix(n);
  const mixed = (p: { grading: number; linear: number }) => p.grading + mix * (p.linear - ml - (p.grading - mg));
  const base = points.map(mixed);
  const sigma = sd(base);
  const contents = points.map((p) => p.content);
  const useContent = contents.every((c) => typeof c === "number") && sd(contents as number[]) > 1e-9;
  const mc = useContent ? mean(contents as number[]) : 0;
  const sc = useContent ? sd(contents as number[]) : 1;
  const score = (p: { grading: number; linear: number; content?: number | null }) =>
    mixed(p) +
    (useContent ? (sigma * CONTENT_WEIGHT * ((typeof p.content === "number" ? p.content : mc) - mc)) / sc : 0);
  const s = points.map(score);
  const t = points.map((p) => p.teacher);
  const m = mean(s);
  const spread = sd(s);
  const disagreement = mean(t.map((x, i) => (x - s[i]! - (mean(t) - m)) ** 2));
  const v = (n * disagreement + RESIDUAL_PRIOR_N * RESIDUAL_PRIOR_VAR) / (n + RESIDUAL_PRIOR_N);
  const level = ((mean(t) - m) * n) / (n + v / LEVEL_PRIOR_VAR);
  const w = n / (n + (SPREAD_SHRINK * v) / RESIDUAL_PRIOR_VAR);
  const target = w * sd(t) + (1 - w) * sd(points.map((p) => p.grading));
  const kappa = spread > 1e-9 ? target / spread : 1;
  return { apply: (p) => clampTotal(m + level + kappa * (score(p) - m)), method: "assignment", n };
}
