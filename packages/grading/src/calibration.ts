import { TOTAL_MAX } from "./rubric.ts";

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
