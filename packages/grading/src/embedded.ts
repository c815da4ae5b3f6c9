import { isSchoolYear } from "@essay/contract";
import { adjustments } from "./adjustments.ts";
import {
  type CalibrationMap,
  contentKernel,
  fitCalibration,
  fitTeacherCalibration,
  type TeacherCalibration,
} from "./calibration.ts";
import { CALIBRATION_COEFFICIENTS, COEFFICIENTS } from "./coefficients.ts";
import { cohortLength } from "./cohort.ts";
import { type Analysis, analyze } from "./features.ts";
import { composeFeedback, criterionEvidence, observations, type Point } from "./feedback/index.ts";
import { judgedInput, judgeOptions } from "./judge.ts";
import { levelScale } from "./level.ts";
import { contributions, type Model, unitToTotal } from "./model.ts";
import { DEFAULT_RUBRIC, gradeBand, TOTAL_MAX } from "./rubric.ts";
import type { ContentKernel } from "./similarity.ts";
import { detectLanguage } from "./text.ts";
import type { CriterionKey, CriterionResult, EssayLanguage, GradeInput, GradeResult, Rubric } from "./types.ts";

export const EMBEDDED_ENGINE = "embedded";
export const EMBEDDED_VERSION = "0.2.0";

/** Weight of a criterion's proportional share of the total in its score (the rest comes from its own features). */
const CRITERION_SHARE = 0.4;
/** Share of each criterion's maximum that a coherent essay always earns. */
const COHERENT_FLOOR = 0.25;

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
export function roundToTotal(values: number[], maxes: number[], target: number, mins?: number[]): number[] {
  const cap = maxes.reduce((a, b) => a + b, 0);
  const floor = (i: number) => Math.min(maxes[i]!, mins?.[i] ?? 0);
  const t = Math.max(0, Math.min(cap, Math.round(target)));
  const fl = values.map((v, i) => Math.max(floor(i), Math.min(maxes[i]!, Math.floor(v))));
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
      if (rest < 0 && fl[i]! > floor(i)) {
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
  /** Sum of the criterion scores before clamping to [0, max]. */
  unclamped: number;
  /** Unclamped score under the calibration model: the continuous scale that calibration maps. */
  calibrationRaw: number;
  /** Unclamped score under the grading model (what an uncalibrated grade is). */
  gradingRaw: number;
  floatsGrading: Record<CriterionKey, number>;
  points: Point[];
  /** Long enough for its level, not one sentence repeated, not off the topic: no criterion may be 0. */
  coherent: boolean;
}

function rawScore(input: GradeInput, rubric: Rubric, forCalibration: boolean): RawScore {
  const language = input.language ?? detectLanguage(input.text);
  const year = isSchoolYear(input.grade) ? input.grade : undefined;
  const a = analyze({
    text: input.text,
    topic: input.topic,
    language,
    targetLength: input.targetLength,
    year,
    genre: input.genre,
    dismissed: input.dismissed,
    cohortLength: cohortMedian(input.cohort, language),
  });
  const points = observations(a);
  const adj = adjustments(a);
  // Degenerate text: the same sentence over and over (not in the fitting data, so a hand-set guard).
  const distinct = new Set(a.sentences.map((x) => x.text.toLowerCase().replace(/\s+/g, " "))).size;
  const uniqueShare = a.sentences.length >= 5 ? distinct / a.sentences.length : 1;
  // Very short texts cannot earn more than a share of the points (a level's short 写话 is not "very short").
  const minLen = Math.min(language === "zh" ? 100 : 50, a.target / 2);
  const opts = judgeOptions(a);

  const score = (model: Model) => {
    const contrib = contributions(model, language, judgedInput(model, a), opts);
    // the level's typical essay sits at its own typical total and its totals spread as its teachers' do
    const scale = levelScale(language, year) ?? { typical: unitToTotal(model.intercept), spread: 1 };
    const floats = {} as Record<CriterionKey, number>;
    const own = rubric.criteria.map((c) => {
      let v =
        (c.max / TOTAL_MAX) * scale.typical +
        scale.spread * 30 * contrib[c.key] * (c.max / defaultMax(c.key)) +
        adj[c.key];
      if (a.length < minLen) v *= a.length / minLen;
      if (uniqueShare < 0.8) v *= uniqueShare;
      return v;
    });
    const unclamped = own.reduce((x, y) => x + y, 0);
    // Each criterion: part its share of the total, part its own features (the sum is unchanged). The fitted
    // models predict the holistic score; this keeps one feature group from swinging a criterion to 0 or max.
    rubric.criteria.forEach((c, i) => {
      const v = CRITERION_SHARE * (c.max / TOTAL_MAX) * unclamped + (1 - CRITERION_SHARE) * own[i]!;
      floats[c.key] = Math.max(0, Math.min(c.max, v));
    });
    return { floats, unclamped };
  };
  const calibration = score(CALIBRATION_COEFFICIENTS[language]);
  const steps = score(COEFFICIENTS[language]);
  // English: the uncalibrated grade is the mean of the step and linear models (they rank essays differently enough
  // that their mean beats either held out; docs/grading.md). Chinese has one model.
  const grading =
    language === "en"
      ? {
          unclamped: (steps.unclamped + calibration.unclamped) / 2,
          floats: Object.fromEntries(
            rubric.criteria.map((c) => [c.key, (steps.floats[c.key] + calibration.floats[c.key]) / 2]),
          ) as Record<CriterionKey, number>,
        }
      : steps;
  const main = forCalibration ? calibration : grading;
  const topicTerms = a.topicCovered.length + a.topicMissing.length;
  return {
    analysis: a,
    floats: main.floats,
    unclamped: main.unclamped,
    calibrationRaw: Math.round(calibration.unclamped * 100) / 100,
    gradingRaw: grading.unclamped,
    floatsGrading: grading.floats,
    points,
    coherent:
      a.length >= Math.max(minLen, 0.3 * a.target) &&
      uniqueShare >= 0.8 &&
      !(topicTerms >= 3 && a.topicCovered.length === 0),
  };
}

function defaultMax(key: CriterionKey): number {
  return DEFAULT_RUBRIC.criteria.find((c) => c.key === key)!.max;
}

/**
 * Raw (uncalibrated) score of an essay under the embedded grader, on the 0–40 scale but not clamped
 * (it can fall outside [0, 40]); this is what calibration points should carry as `rawTotal`.
 */
export function rawTotal(input: Omit<GradeInput, "feedbackLanguage" | "calibration">, rubric = DEFAULT_RUBRIC): number {
  return totals(input, rubric).calibrationRaw;
}

/** Both unclamped totals of an essay, cached: grading a class against the same teacher-scored set is not quadratic. */
function totals(
  input: Omit<GradeInput, "feedbackLanguage" | "calibration">,
  rubric: Rubric,
): { calibrationRaw: number; gradingRaw: number } {
  const key = JSON.stringify([
    input.text,
    input.topic,
    input.language,
    input.targetLength,
    input.grade,
    input.genre,
    cohortMedian(input.cohort, input.language ?? detectLanguage(input.text)),
    rubric.criteria.map((c) => c.max),
  ]);
  const hit = totalsCache.get(key);
  if (hit !== undefined) return hit;
  const r = rawScore({ ...input, feedbackLanguage: "en" }, rubric, true);
  const v = { calibrationRaw: r.calibrationRaw, gradingRaw: r.gradingRaw };
  if (totalsCache.size >= 512) totalsCache.delete(totalsCache.keys().next().value!);
  totalsCache.set(key, v);
  return v;
}

interface FittedCalibration {
  /** With all teacher-scored texts: the assignment calibration of both models' totals (and content). */
  teacher?: TeacherCalibration;
  /** Content estimate from the teacher-scored texts (see contentKernel). */
  kernel?: ContentKernel;
  /** Without texts: a monotone map of the raw (calibration-model) total. */
  raw?: CalibrationMap;
}

const calibrationCache = new WeakMap<object, { key: string; fitted: FittedCalibration }>();

/**
 * Fits the calibration of an assignment once per calibration array (grading a class against the same set is not
 * quadratic). Teacher-scored texts are scored by the grader's current version against their own topic (default:
 * the graded essay's); points without text use their `rawTotal` (linear equating, fitCalibration).
 */
function calibrationFor(input: GradeInput, rubric: Rubric): FittedCalibration {
  const points = input.calibration!;
  const withText = points.every((p) => (p.text ?? "").trim().length > 0);
  const ownTopics = points.every((p) => p.topic !== undefined);
  const key = JSON.stringify([
    withText && ownTopics ? null : input.topic,
    input.language,
    input.targetLength,
    input.grade,
    input.genre,
    cohortMedian(input.cohort, input.language ?? detectLanguage(input.text)),
    rubric.criteria.map((c) => c.max),
  ]);
  const hit = calibrationCache.get(points);
  if (hit && hit.key === key) return hit.fitted;
  let fitted: FittedCalibration;
  if (withText) {
    const scored = points.map((p) => {
      const tot = totals(
        {
          text: p.text!,
          topic: p.topic ?? input.topic,
          language: input.language,
          targetLength: input.targetLength,
          grade: input.grade,
          genre: input.genre,
          cohort: input.cohort,
        },
        rubric,
      );
      return { grading: tot.gradingRaw, linear: tot.calibrationRaw, teacher: p.teacherScore, text: p.text! };
    });
    const kernel = contentKernel(scored, input.language ?? detectLanguage(input.text));
    const teacher = fitTeacherCalibration(scored.map((p, i) => ({ ...p, content: kernel?.loo[i] ?? null })));
    fitted = { teacher, ...(kernel ? { kernel } : {}) };
  } else {
    const raws = points.map(
      (p) =>
        p.rawTotal ??
        rawTotal(
          {
            text: p.text ?? "",
            topic: p.topic ?? input.topic,
            language: input.language,
            targetLength: input.targetLength,
            grade: input.grade,
            genre: input.genre,
            cohort: input.cohort,
          },
          rubric,
        ),
    );
    fitted = { raw: fitCalibration(points.map((p, i) => ({ raw: raws[i]!, teacher: p.teacherScore }))) };
  }
  calibrationCache.set(points, { key, fitted });
  return fitted;
}

const totalsCache = new Map<string, { calibrationRaw: number; gradingRaw: number }>();

const cohortCache = new WeakMap<string[], Partial<Record<EssayLanguage, number | undefined>>>();

/** The median length of an assignment's other texts, counted once per array (a class is graded against one). */
function cohortMedian(cohort: string[] | undefined, language: EssayLanguage): number | undefined {
  if (!cohort) return undefined;
  const hit = cohortCache.get(cohort) ?? {};
  if (!(language in hit)) {
    hit[language] = cohortLength(cohort, language);
    cohortCache.set(cohort, hit);
  }
  return hit[language];
}

export function gradeEmbedded(input: GradeInput): GradeResult {
  const rubric = input.rubric ?? DEFAULT_RUBRIC;
  validateRubric(rubric);
  const calibrating = (input.calibration?.length ?? 0) > 0;
  const raw = rawScore(input, rubric, calibrating);
  const { analysis, calibrationRaw, points } = raw;
  let { floats } = raw;
  const { unclamped } = raw;
  const maxes = rubric.criteria.map((c) => c.max);
  const clampTotal = (x: number) => Math.max(0, Math.min(TOTAL_MAX, x));
  // The total follows the model (the unclamped sum, clamped to 0–40); clamping a criterion at 0 or its maximum
  // must not drop points from the total, so the criteria are then spread to add up to it.
  let target = Math.round(clampTotal(unclamped));
  if (input.calibration && input.calibration.length > 0) {
    const cal = calibrationFor(input, rubric);
    if (cal.teacher) {
      floats = raw.floatsGrading;
      target = Math.round(
        cal.teacher.apply({
          grading: raw.gradingRaw,
          linear: calibrationRaw,
          content: cal.kernel ? cal.kernel.predict(input.text) : null,
        }),
      );
    } else {
      target = Math.round(cal.raw!.apply(unclamped));
    }
  }
  // a coherent essay earns at least a quarter of every criterion (no "0 for language" beside a readable story)
  const mins = raw.coherent ? maxes.map((m) => Math.round(COHERENT_FLOOR * m)) : undefined;
  if (mins)
    target = Math.max(
      target,
      mins.reduce((x, y) => x + y, 0),
    );
  let values = rubric.criteria.map((c) => floats[c.key]);
  values = rescale(values, maxes, target);
  if (mins) values = values.map((v, i) => Math.max(v, mins[i]!));
  const ints = roundToTotal(values, maxes, target, mins);
  const total = ints.reduce((a, b) => a + b, 0);
  const band = gradeBand(total);
  const lang = input.feedbackLanguage;
  const criteria: CriterionResult[] = rubric.criteria.map((c, i) => ({
    key: c.key,
    label: c.label[lang],
    score: ints[i]!,
    max: c.max,
    evidence: criterionEvidence(points, { key: c.key, label: c.label[lang], score: ints[i]!, max: c.max }, lang),
  }));
  const feedback = composeFeedback(analysis, points, criteria, total, band, lang);
  return {
    totalScore: total,
    grade: band,
    criteria,
    feedback,
    engine: EMBEDDED_ENGINE,
    version: EMBEDDED_VERSION,
    rawTotal: calibrationRaw,
  };
}
