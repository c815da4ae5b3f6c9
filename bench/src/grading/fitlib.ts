/**
 * Fitting and held-out evaluation of the embedded grader's models (used by fit.ts and by experiments).
 *
 * English: ridge regression (lambda 20) on standardised features, weights fitted within prompts (prompt fixed
 * effects: features and targets centred per prompt, so cross-prompt differences in typical length do not leak
 * into the weights), features against their expected sign dropped. Boosted decision stumps: an additive model of
 * step functions (rounds, learning rate, quantile bins, minimum leaf size in StepOptions), monotone for features
 * with an expected sign. Target: unit score (score − min) / (max − min). Both: a stretch factor so the predicted
 * spread matches the human spread on the training data.
 */

import { levelTargetLength } from "@essay/contract";
import { contentKernel, fitCalibration, fitTeacherCalibration } from "../../../packages/grading/src/calibration.ts";
import { cohortLength } from "../../../packages/grading/src/cohort.ts";
import { analyze } from "../../../packages/grading/src/features.ts";
import { judgeOptions } from "../../../packages/grading/src/judge.ts";
import { FITTING_YEAR } from "../../../packages/grading/src/level.ts";
import {
  EXPECTED_SIGNS,
  FEATURE_GROUPS,
  type JudgeOptions,
  judgedFeatures,
  type LinearModel,
  type Model,
  modelInput,
  predictJudged,
  predictUnit,
  type StepModel,
  stepValue,
  type TaskKind,
  totalToUnit,
  unitToTotal,
} from "../../../packages/grading/src/model.ts";
import { compareIds, type EssayRecord, lang, loadJsonl, topicOf, yearOf } from "./data.ts";
import { qwk } from "./qwk.ts";

export const DATA = "/work/shared/datasets/grading";
export const LAMBDA = 20;

/** Settings of the boosted-stump fit. */
export interface StepOptions {
  rounds: number;
  rate: number;
  bins: number;
  /** Minimum essays on each side of a split. */
  minLeaf: number;
  /** Bags of deterministic 80 % subsamples whose step tables are averaged (1 = no bagging). */
  bags: number;
}

/**
 * A fitted model's unit-score prediction for an essay of the data, judged as the grader judges it: no target
 * length named (the level's), the level's leniency and the expected length's uncertainty.
 */
export function predictRow(model: Model, r: Row): number {
  return predictJudged(model, lang(r.r), modelInput(model, lang(r.r), r.x, r.expected), r.judge);
}

/**
 * The grader's uncalibrated unit prediction for an English essay: the mean of the step model and the linear model
 * (both on level-relative features; the two rank essays differently enough that their mean does better than
 * either: leave-one-prompt-out 0.690 vs 0.683 / 0.679, unseen essays of the fitting prompts 0.712 vs 0.704).
 */
export function graderUnit(steps: Model, linear: Model, r: Row): number {
  return (predictRow(steps, r) + predictRow(linear, r)) / 2;
}

export const DEFAULT_STEPS: StepOptions = { rounds: 700, rate: 0.05, bins: 24, minLeaf: 20, bags: 1 };

export interface Row {
  r: EssayRecord;
  /** The features the grader judges (judgedFeatures), in absolute terms. */
  x: Record<string, number>;
  y: number;
  task: TaskKind;
  /**
   * Expected length of the essay: the level's for its genre and task (no target is named in the data), moved towards
   * its class's median length where the two disagree (classTarget).
   */
  expected: number;
  judge: JudgeOptions;
  /** The level's expected length alone (as graded without a class). */
  levelExpected: number;
  /** The level's length for a narrative essay of the year: the task's length hidden (an unseen narrative prompt). */
  narrativeExpected: number;
  /** Median length of the prompt's class (classLengths). */
  classLength: number | undefined;
}

/** Essays of a prompt that make its class (cohort) in fitting and in the benchmark: the first 30 by id. */
export const CLASS_SIZE = 30;

/** Median length of each prompt's class (its first CLASS_SIZE essays by id), as the grader counts length. */
export function classLengths(records: EssayRecord[]): Map<string, number | undefined> {
  const out = new Map<string, number | undefined>();
  for (const p of new Set(records.map((r) => r.prompt_id))) {
    const texts = records.filter((r) => r.prompt_id === p).slice(0, CLASS_SIZE);
    out.set(
      p,
      cohortLength(
        texts.map((r) => r.text),
        lang(texts[0]!),
      ),
    );
  }
  return out;
}

/**
 * Rows of a data file, each judged against the expected length the grader would use with its class: the level's,
 * moved towards the prompt's class median where they disagree (classTarget).
 */
export function rows(file: string): Row[] {
  const records = loadJsonl(`${DATA}/${file}`).sort((a, b) => compareIds(a.id, b.id));
  const classes = classLengths(records);
  return records.map((r) => {
    const a = analyze({
      text: r.text,
      topic: topicOf(r),
      language: lang(r),
      year: yearOf(r),
      cohortLength: classes.get(r.prompt_id),
    });
    const x = judgedFeatures(a.language, a.f, {
      hasLineBreaks: a.hasLineBreaks,
      argumentative: a.genre === "argumentative",
    });
    const y = (r.score - r.score_min) / (r.score_max - r.score_min);
    const year = yearOf(r) ?? FITTING_YEAR[a.language];
    return {
      r,
      x,
      y,
      task: a.task,
      expected: a.target,
      judge: judgeOptions(a),
      levelExpected: levelTargetLength(a.language, year, a.genre, a.task === "source"),
      narrativeExpected: levelTargetLength(a.language, year, "narrative", false),
      classLength: classes.get(r.prompt_id),
    };
  });
}

/**
 * Rows' features relative to their expected lengths, as a model with this typical length reads them; a feature the
 * grader leaves out of an essay (paragraphs of a text without line breaks, argument features of a story) counts
 * as the training mean, i.e. neutral.
 */
function relativeRows(data: Row[], typical: number, names: string[]): Row[] {
  const frame = { kind: "steps", intercept: 0, stretch: 1, typicalLength: typical, features: {} } as const;
  const rel = data.map((r) => ({ ...r, x: modelInput(frame, lang(r.r), r.x, r.expected) }));
  for (const n of names) {
    const present = rel.filter((r) => r.x[n] !== undefined).map((r) => r.x[n]!);
    const fill = meanOf(present);
    for (const r of rel) if (r.x[n] === undefined) r.x[n] = fill;
  }
  return rel;
}

export const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
export const sdOf = (xs: number[]) => {
  const m = meanOf(xs);
  return Math.sqrt(meanOf(xs.map((v) => (v - m) ** 2)));
};
export const round = (x: number) => Math.round(x * 1e5) / 1e5;

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    const piv = M[c]![c]!;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / piv;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, i) => row[n]! / row[i]!);
}

function typicalLength(train: Row[]): number {
  return round(Math.exp(meanOf(train.map((r) => r.x.logLen!))));
}

function withStretch<M extends Model>(m: M, train: Row[]): M {
  const preds = train.map((r) => predictUnit({ ...m, stretch: 1 }, r.x));
  const psd = sdOf(preds);
  return { ...m, stretch: round(psd > 0 ? sdOf(train.map((r) => r.y)) / psd : 1) };
}

/** Ridge fit with prompt fixed effects. */
function fitLinearOnce(train: Row[], names: string[]): LinearModel["features"] {
  const groups = new Map<string, { x: Record<string, number>; y: number }>();
  for (const p of new Set(train.map((r) => r.r.prompt_id))) {
    const g = train.filter((r) => r.r.prompt_id === p);
    const x: Record<string, number> = {};
    for (const n of names) x[n] = meanOf(g.map((r) => r.x[n]!));
    groups.set(p, { x, y: meanOf(g.map((r) => r.y)) });
  }
  const means = names.map((n) => meanOf(train.map((r) => r.x[n]!)));
  const sds = names.map((n) => sdOf(train.map((r) => r.x[n]!)) || 1);
  const Z = train.map((r) => names.map((n, j) => (r.x[n]! - groups.get(r.r.prompt_id)!.x[n]!) / sds[j]!));
  const yc = train.map((r) => r.y - groups.get(r.r.prompt_id)!.y);
  const p = names.length;
  const N = train.length;
  const A = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => Z.reduce((a, z) => a + z[i]! * z[j]!, 0) / N + (i === j ? LAMBDA / N : 0)),
  );
  const b = Array.from({ length: p }, (_, i) => Z.reduce((a, z, k) => a + z[i]! * yc[k]!, 0) / N);
  const w = solve(A, b);
  const out: LinearModel["features"] = {};
  names.forEach((n, j) => {
    out[n] = { mean: round(means[j]!), sd: round(sds[j]!), w: round(w[j]!) };
  });
  return out;
}

/**
 * Ridge model on the features relative to each essay's expected length; `absolute` fits on the features as they
 * are (the benchmark's length-only baseline: log length, nothing else known).
 */
export function fitLinear(data: Row[], names: string[], language: "en" | "zh", absolute = false): LinearModel {
  const signs = EXPECTED_SIGNS[language];
  const typical = typicalLength(data);
  const train = absolute ? data : relativeRows(data, typical, names);
  let active = [...names];
  for (;;) {
    const f = fitLinearOnce(train, active);
    const wrong = active.filter((n) => signs[n] !== undefined && f[n]!.w !== 0 && Math.sign(f[n]!.w) !== signs[n]);
    if (wrong.length === 0) {
      const m: LinearModel = {
        kind: "linear",
        intercept: round(meanOf(train.map((r) => r.y))),
        stretch: 1,
        typicalLength: typical,
        features: f,
      };
      return withStretch(m, train);
    }
    active = active.filter((n) => !wrong.includes(n));
  }
}

/** Boosted decision stumps → one centred step function per feature. */
export function fitSteps(data: Row[], names: string[], opts: StepOptions = DEFAULT_STEPS): StepModel {
  const { rounds, rate, bins, minLeaf, bags } = opts;
  const typical = typicalLength(data);
  const train = relativeRows(data, typical, names);
  const intercept = meanOf(train.map((r) => r.y));
  // prompt fixed effects on the target (a no-op with a single prompt)
  const pm = new Map<string, number>();
  for (const p of new Set(train.map((r) => r.r.prompt_id))) {
    pm.set(p, meanOf(train.filter((r) => r.r.prompt_id === p).map((r) => r.y)));
  }
  const res = train.map((r) => r.y - pm.get(r.r.prompt_id)!);
  const n = train.length;
  const cuts: Record<string, number[]> = {};
  const bin: Record<string, number[]> = {};
  const acc: Record<string, number[]> = {};
  for (const f of names) {
    const xs = train.map((r) => r.x[f]!).sort((a, b) => a - b);
    cuts[f] = [...new Set(Array.from({ length: bins - 1 }, (_, i) => xs[Math.floor(((i + 1) * n) / bins)]!))];
    bin[f] = train.map((r) => {
      let k = 0;
      while (k < cuts[f]!.length && r.x[f]! > cuts[f]![k]!) k++;
      return k;
    });
  }
  // Bagging: each bag boosts on a deterministic 80 % subsample; the step tables are averaged (same cuts).
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let bag = 0; bag < bags; bag++) {
    const idx = bags === 1 ? train.map((_, i) => i) : train.map((_, i) => i).filter(() => rand() < 0.8);
    const m = idx.length;
    const r = idx.map((i) => res[i]!);
    for (let it = 0; it < rounds; it++) {
      let best = { gain: 0, f: "", k: -1, l: 0, r: 0 };
      for (const f of names) {
        const nb = cuts[f]!.length + 1;
        const s = new Array<number>(nb).fill(0);
        const c = new Array<number>(nb).fill(0);
        const bi = bin[f]!;
        for (let j = 0; j < m; j++) {
          const b = bi[idx[j]!]!;
          s[b]! += r[j]!;
          c[b]!++;
        }
        const tot = s.reduce((a, b) => a + b, 0);
        let ls = 0;
        let lc = 0;
        for (let k = 0; k < nb - 1; k++) {
          ls += s[k]!;
          lc += c[k]!;
          const rc = m - lc;
          if (lc < minLeaf || rc < minLeaf) continue;
          const rs = tot - ls;
          const gain = (ls * ls) / lc + (rs * rs) / rc - (tot * tot) / m;
          if (gain > best.gain) best = { gain, f, k, l: ls / lc, r: rs / rc };
        }
      }
      if (!best.f) break;
      const bi = bin[best.f]!;
      for (let j = 0; j < m; j++) r[j]! -= rate * (bi[idx[j]!]! <= best.k ? best.l : best.r);
      if (!acc[best.f]) acc[best.f] = new Array<number>(cuts[best.f]!.length + 1).fill(0);
      const arr = acc[best.f]!;
      for (let b = 0; b < arr.length; b++) arr[b]! += (rate * (b <= best.k ? best.l : best.r)) / bags;
    }
  }
  // Monotone constraints: features with an expected sign get a non-decreasing (or non-increasing) step function
  // (pool-adjacent-violators weighted by bin counts), so e.g. more spelling errors never earn points.
  const language = train[0]!.r.language.startsWith("zh") ? "zh" : "en";
  for (const [f, arr] of Object.entries(acc)) {
    const sign = EXPECTED_SIGNS[language][f];
    if (!sign) continue;
    const counts = new Array<number>(arr.length).fill(0);
    for (const b of bin[f]!) counts[b]!++;
    acc[f] = monotone(arr, counts, sign);
  }
  const features: StepModel["features"] = {};
  let shift = 0;
  for (const [f, arr] of Object.entries(acc)) {
    const fn = { cuts: cuts[f]!.map(round), values: arr };
    const m = meanOf(train.map((r) => stepValue(fn, r.x[f]!)));
    shift += m;
    features[f] = { cuts: fn.cuts, values: arr.map((v) => round(v - m)) };
  }
  const model: StepModel = {
    kind: "steps",
    intercept: round(intercept + shift),
    stretch: 1,
    typicalLength: typical,
    features,
  };
  // the training features are already relative to the expected lengths
  const stretched = withStretch(model, train);
  return { ...model, stretch: stretched.stretch };
}

/** Weighted isotonic regression (pool-adjacent-violators), increasing for sign 1, decreasing for −1. */
function monotone(values: number[], weights: number[], sign: 1 | -1): number[] {
  const blocks: { v: number; w: number; n: number }[] = [];
  for (let i = 0; i < values.length; i++) {
    blocks.push({ v: sign * values[i]!, w: Math.max(1e-9, weights[i]!), n: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.v > blocks[blocks.length - 1]!.v) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      blocks.push({ v: (a.v * a.w + b.v * b.w) / (a.w + b.w), w: a.w + b.w, n: a.n + b.n });
    }
  }
  return blocks.flatMap((b) => new Array<number>(b.n).fill(sign * b.v));
}

export function toScale(unit: number, min: number, max: number): number {
  const total = Math.max(0, Math.min(40, Math.round(unitToTotal(unit))));
  return Math.max(min, Math.min(max, Math.round(min + totalToUnit(total) * (max - min))));
}

export function evaluate(test: Row[], predict: (r: Row) => number): number {
  const { score_min: min, score_max: max } = test[0]!.r;
  return qwk(
    test.map((r) => r.r.score),
    test.map((r) => toScale(predict(r), min, max)),
    min,
    max,
  );
}

/** QWK on test[K:] after calibrating on test[:K] (the grader's linear calibration on the continuous raw total). */
export function evaluateCalibrated(test: Row[], predict: (r: Row) => number, K: number): number {
  const { score_min: min, score_max: max } = test[0]!.r;
  const teacher = (r: Row) => unitToTotal((r.r.score - min) / (max - min));
  const map = fitCalibration(test.slice(0, K).map((r) => ({ raw: unitToTotal(predict(r)), teacher: teacher(r) })));
  const rest = test.slice(K);
  const toS = (t: number) => Math.max(min, Math.min(max, Math.round(min + totalToUnit(Math.round(t)) * (max - min))));
  return qwk(
    rest.map((r) => r.r.score),
    rest.map((r) => toS(map.apply(unitToTotal(predict(r))))),
    min,
    max,
  );
}

/**
 * QWK on test[K:] after the grader's assignment calibration (fitTeacherCalibration) on test[:K]: both models'
 * totals, and for English with K ≥ 10 the content kernel over the teacher-scored essays, as in the grader.
 */
export function evaluateTeacherCalibrated(
  test: Row[],
  grading: (r: Row) => number,
  linear: (r: Row) => number,
  K: number,
): number {
  const { score_min: min, score_max: max } = test[0]!.r;
  const teacher = (r: Row) => unitToTotal((r.r.score - min) / (max - min));
  const cal = test.slice(0, K).map((r) => ({
    r,
    grading: unitToTotal(grading(r)),
    linear: unitToTotal(linear(r)),
    teacher: teacher(r),
  }));
  const kernel = contentKernel(
    cal.map((p) => ({ ...p, text: p.r.r.text })),
    lang(test[0]!.r),
  );
  const map = fitTeacherCalibration(cal.map((p, i) => ({ ...p, content: kernel?.loo[i] ?? null })));
  const rest = test.slice(K);
  const toS = (t: number) => Math.max(min, Math.min(max, Math.round(min + totalToUnit(Math.round(t)) * (max - min))));
  return qwk(
    rest.map((r) => r.r.score),
    rest.map((r) =>
      toS(
        map.apply({
          grading: unitToTotal(grading(r)),
          linear: unitToTotal(linear(r)),
          content: kernel ? kernel.predict(r.r.text) : null,
        }),
      ),
    ),
    min,
    max,
  );
}

export const featureNames = (l: "en" | "zh") => Object.values(FEATURE_GROUPS[l]).flat();

/**
 * Fold of each of n essays for k-fold cross-validation: split 0 is by id order (i mod k, the reported figure);
 * splits 1, 2 … are deterministic shuffles (for a less noisy comparison of settings than one split of 853 essays).
 */
export function folds(n: number, k: number, split: number): number[] {
  if (split === 0) return Array.from({ length: n }, (_, i) => i % k);
  let seed = 1000 + split;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  const out = new Array<number>(n);
  idx.forEach((v, pos) => {
    out[v] = pos % k;
  });
  return out;
}
