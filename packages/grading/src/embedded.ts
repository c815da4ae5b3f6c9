import { fitCalibration } from "./calibration.ts";
import { CALIBRATION_COEFFICIENTS, COEFFICIENTS } from "./coefficients.ts";
import { type Analysis, analyze } from "./features.ts";
import { composeFeedback, observations, type Point } from "./feedback.ts";
import { contributions, relativeToTarget, unitToTotal } from "./model.ts";
import { DEFAULT_RUBRIC, gradeBand, TOTAL_MAX } from "./rubric.ts";
import { detectLanguage } from "./text.ts";
import type { CriterionKey, CriterionResult, GradeInput, GradeResult, Rubric } from "./types.ts";

export const EMBEDDED_ENGINE = "embedded";
export const EMBEDDED_VERSION = "0.1.0";

export function validateRubric(rubric: Rubric): void {
  const sum = rubric.criteria.reduce((a, c) => a + c.max, 0);
  if (sum !== TOTAL_MAX) throw new Error(`rubric maxima must add up to ${TOTAL_MAX} (got ${sum})`);
  for (const c of rubric.criteria) {
    if (!["content", "organisation", "language", "conventions"].includes(c.key)) {
      throw new Error(`unknown criterion key: ${c.key}`);
    }
  }
}

/**
 * Rounds non-negative criterion scores to integers within [0, max] so that their sum equals `target`
 * (largest-remainder method).
 */
export function roundToTotal(values: number[], maxes: number[], target: number): number[] {
  const cap = maxes.reduce((a, b) => a + b, 0);
  const t = Math.max(0, Math.min(cap, Math.round(target)));
  const fl = values.map((v, i) => Math.max(0, Math.min(maxes[i]!, Math.floor(v))));
  let rest = t - fl.reduce((a, b) => a + b, 0);
  const order = values.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  while (rest > 0) {
    let moved = false;
    for (const { i } of order) {
      if (rest > 0 && fl[i]! < maxes[i]!) {
        fl[i]!++;
        rest--;
        moved = true;
      }
    }
    if (!moved) break;
  }
  while (rest < 0) {
    let moved = false;
    for (const { i } of [...order].reverse()) {
      if (rest < 0 && fl[i]! > 0) {
        fl[i]!--;
        rest++;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return fl;
}

/** Moves float criterion scores towards a new total, spreading the change over the available head-room. */
export function rescale(values: number[], maxes: number[], target: number): number[] {
  const cur = values.reduce((a, b) => a + b, 0);
  const diff = target - cur;
  if (Math.abs(diff) < 1e-9) return values;
  if (diff > 0) {
    const room = values.map((v, i) => maxes[i]! - v);
    const sum = room.reduce((a, b) => a + b, 0) || 1;
    return values.map((v, i) => v + (diff * room[i]!) / sum);
  }
  const sum = cur || 1;
  return values.map((v) => v + (diff * v) / sum);
}

interface RawScore {
  analysis: Analysis;
  floats: Record<CriterionKey, number>;
  /** Sum of the criterion scores before clamping to [0, max]: a continuous scale used by calibration. */
  unclamped: number;
  points: Point[];
}

function rawScore(input: GradeInput, rubric: Rubric, forCalibration: boolean): RawScore {
  const language = input.language ?? detectLanguage(input.text);
  const a = analyze({ text: input.text, topic: input.topic, language, targetLength: input.targetLength });
  const model = (forCalibration ? CALIBRATION_COEFFICIENTS : COEFFICIENTS)[language];
  const contrib = contributions(model, language, relativeToTarget(model, language, a.f, input.targetLength));
  const base = unitToTotal(model.intercept);
  const floats = {} as Record<CriterionKey, number>;
  for (const c of rubric.criteria)
    floats[c.key] = (c.max / TOTAL_MAX) * base + 30 * contrib[c.key] * (c.max / defaultMax(c.key));
  const points = observations(a, input.targetLength !== undefined);
  // Hand-set adjustments (not fitted: the fitting data has no line breaks, no news reports and no target lengths).
  const adj: Record<CriterionKey, number> = { content: 0, organisation: 0, language: 0, conventions: 0 };
  if (language === "en" && a.hasLineBreaks) {
    const p = a.paragraphs.length - (a.genre?.headline ? 1 : 0);
    if (a.length > 150 && p <= 1) adj.organisation -= 2;
    else if (a.length > 150 && p >= 3) adj.organisation += 1;
  }
  if (a.genre) {
    const g = a.genre;
    adj.content += g.headline ? 0.5 : -1;
    adj.content += g.leadWh.length >= 4 ? 0.5 : g.leadWh.length <= 2 ? -0.5 : 0;
    adj.content += g.quotations > 0 ? 0.5 : -0.5;
    if (g.firstPerson >= 3) adj.content -= 1;
  }
  if (input.targetLength !== undefined) {
    const r = a.length / input.targetLength;
    adj.content += r < 0.5 ? -2 : r < 0.8 ? -1 : 0;
  }
  // Wrong characters: the fitted Chinese weight is zero (the typed fitting essays have few), so a hand-set penalty.
  if (language === "zh") adj.conventions -= Math.min(4, 0.75 * a.wrongChars.filter((w) => w.confidence >= 0.5).length);
  const topicTerms = a.topicCovered.length + a.topicMissing.length;
  if (topicTerms >= 3 && a.topicCovered.length === 0) adj.content -= 3;
  // Degenerate text: the same sentence over and over (not in the fitting data, so a hand-set guard).
  const distinct = new Set(a.sentences.map((x) => x.text.toLowerCase().replace(/\s+/g, " "))).size;
  const uniqueShare = a.sentences.length >= 5 ? distinct / a.sentences.length : 1;
  let unclamped = 0;
  for (const c of rubric.criteria) {
    floats[c.key] += adj[c.key];
    // Very short texts cannot earn more than a share of the points.
    const minLen = language === "zh" ? 100 : 50;
    if (a.length < minLen) floats[c.key] *= a.length / minLen;
    if (uniqueShare < 0.8) floats[c.key] *= uniqueShare;
    unclamped += floats[c.key];
    floats[c.key] = Math.max(0, Math.min(c.max, floats[c.key]));
  }
  return { analysis: a, floats, unclamped, points };
}

function defaultMax(key: CriterionKey): number {
  return DEFAULT_RUBRIC.criteria.find((c) => c.key === key)!.max;
}

/**
 * Raw (uncalibrated) score of an essay under the embedded grader, on the 0–40 scale but not clamped
 * (it can fall outside [0, 40]); this is what calibration points should carry as `rawTotal`.
 */
export function rawTotal(input: Omit<GradeInput, "feedbackLanguage" | "calibration">, rubric = DEFAULT_RUBRIC): number {
  const key = JSON.stringify([
    input.text,
    input.topic,
    input.language,
    input.targetLength,
    rubric.criteria.map((c) => c.max),
  ]);
  const hit = rawCache.get(key);
  if (hit !== undefined) return hit;
  const v = Math.round(rawScore({ ...input, feedbackLanguage: "en" }, rubric, true).unclamped * 100) / 100;
  if (rawCache.size >= 512) rawCache.delete(rawCache.keys().next().value!);
  rawCache.set(key, v);
  return v;
}

/** Raw totals of calibration essays given by text, so grading a class against the same set is not quadratic. */
const rawCache = new Map<string, number>();

export function gradeEmbedded(input: GradeInput): GradeResult {
  const rubric = input.rubric ?? DEFAULT_RUBRIC;
  validateRubric(rubric);
  const calibrating = (input.calibration?.length ?? 0) > 0;
  const { analysis, floats, unclamped, points } = rawScore(input, rubric, calibrating);
  const maxes = rubric.criteria.map((c) => c.max);
  let values = rubric.criteria.map((c) => floats[c.key]);
  const raw = Math.round(values.reduce((a, b) => a + b, 0));
  let target = raw;
  if (input.calibration && input.calibration.length > 0) {
    const pairs = input.calibration.map((p) => ({
      raw:
        p.rawTotal ??
        rawTotal(
          { text: p.text ?? "", topic: input.topic, language: input.language, targetLength: input.targetLength },
          rubric,
        ),
      teacher: p.teacherScore,
    }));
    const map = fitCalibration(pairs);
    target = Math.round(map.apply(unclamped));
    values = rescale(values, maxes, target);
  }
  const ints = roundToTotal(values, maxes, target);
  const total = ints.reduce((a, b) => a + b, 0);
  const band = gradeBand(total);
  const lang = input.feedbackLanguage;
  const criteria: CriterionResult[] = rubric.criteria.map((c, i) => ({
    key: c.key,
    label: c.label[lang],
    score: ints[i]!,
    max: c.max,
    evidence: points
      .filter((p) => p.criterion === c.key)
      .sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight))
      .slice(0, 3)
      .map((p) => ({ ...p.evidence, note: p.text[lang] })),
  }));
  const feedback = composeFeedback(analysis, points, criteria, total, band, lang);
  return {
    totalScore: total,
    grade: band,
    criteria,
    feedback,
    engine: EMBEDDED_ENGINE,
    version: EMBEDDED_VERSION,
    rawTotal: raw,
  };
}
