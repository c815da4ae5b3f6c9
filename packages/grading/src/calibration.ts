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
export interface ContentCalibrationPair extends CalibrationPair {
  /** Leave-one-out content-similarity estimate of the teacher's score (see ContentReference). */
  content: number | null;
}

export interface ContentCalibrationMap {
  apply(raw: number, content: number | null): number;
  method: "content+linear" | "identity" | "shift" | "linear";
  n: number;
}

/**
 * Calibration with a content channel: when the teacher-scored essays come with their text, the teacher's
 * score is regressed on the raw total and on a content-similarity estimate (similarity-weighted teacher
 * score of the most similar calibration essays), both with non-negative weights, and the fitted values are
 * stretched to the teacher's spread. Monotone non-decreasing in the raw total. Falls back to
 * `fitCalibration` with fewer than 8 usable essays or when the content channel does not help.
 */
export function fitContentCalibration(pairs: ContentCalibrationPair[]): ContentCalibrationMap {
  const base = fitCalibration(pairs);
  const usable = pairs.filter((p) => p.content !== null);
  const fallback: ContentCalibrationMap = { apply: (r) => base.apply(r), method: base.method, n: base.n };
  if (usable.length < 8) return fallback;
  const n = usable.length;
  const m = (f: (p: ContentCalibrationPair) => number) => usable.reduce((a, p) => a + f(p), 0) / n;
  const mr = m((p) => p.raw);
  const mc = m((p) => p.content!);
  const mt = m((p) => p.teacher);
  const srr = m((p) => (p.raw - mr) ** 2);
  const scc = m((p) => (p.content! - mc) ** 2);
  const src = m((p) => (p.raw - mr) * (p.content! - mc));
  const srt = m((p) => (p.raw - mr) * (p.teacher - mt));
  const sct = m((p) => (p.content! - mc) * (p.teacher - mt));
  const stt = m((p) => (p.teacher - mt) ** 2);
  if (srr < 1e-9 || scc < 1e-9 || stt < 1e-9) return fallback;
  // ridge-stabilised 2x2 normal equations
  const l = 0.05;
  const a11 = srr * (1 + l);
  const a22 = scc * (1 + l);
  const det = a11 * a22 - src * src;
  let b = (a22 * srt - src * sct) / det;
  let c = (a11 * sct - src * srt) / det;
  if (c <= 0) return fallback;
  if (b < 0) {
    b = 0;
    c = sct / a22;
  }
  const fitted = usable.map((p) => b * (p.raw - mr) + c * (p.content! - mc));
  const sf = Math.sqrt(fitted.reduce((a, x) => a + x * x, 0) / n);
  if (sf < 1e-9) return fallback;
  const wgt = n / (n + SHRINK);
  const stretch = wgt * (Math.sqrt(stt) / sf) + (1 - wgt);
  return {
    apply: (raw, content) =>
      content === null ? base.apply(raw) : clampTotal(mt + stretch * (b * (raw - mr) + c * (content - mc))),
    method: "content+linear",
    n,
  };
}
