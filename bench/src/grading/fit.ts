/**
 * Fits the embedded grader's linear model (ridge regression on standardised features) on the shared
 * grading data and writes the coefficient table to packages/grading/src/coefficients.ts.
 * Prints held-out QWK: leave-one-prompt-out for English, 5-fold (by id) for Chinese.
 *
 *   node --import tsx bench/src/grading/fit.ts [--write]
 */
import { writeFileSync } from "node:fs";
import { fitCalibration, fitContentCalibration, setShrink } from "../../../packages/grading/src/calibration.ts";
import { analyze } from "../../../packages/grading/src/features.ts";
import {
  clampZ,
  EXPECTED_SIGNS,
  FEATURE_GROUPS,
  type LinearModel,
  totalToUnit,
  unitToTotal,
} from "../../../packages/grading/src/model.ts";
import { ContentReference } from "../../../packages/grading/src/similarity.ts";
import { compareIds, type EssayRecord, lang, loadJsonl, topicOf } from "./data.ts";
import { qwk } from "./qwk.ts";

const DATA = "/work/shared/datasets/grading";
const LAMBDA = Number(process.env.LAMBDA ?? 20);
const STRETCH_MULT = Number(process.env.STRETCH_MULT ?? 1);

interface Row {
  r: EssayRecord;
  x: Record<string, number>;
  y: number;
}

function rows(file: string): Row[] {
  return loadJsonl(`${DATA}/${file}`)
    .sort((a, b) => compareIds(a.id, b.id))
    .map((r) => {
      const a = analyze({ text: r.text, topic: topicOf(r), language: lang(r) });
      return { r, x: a.f, y: (r.score - r.score_min) / (r.score_max - r.score_min) };
    });
}

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

/** Ridge fit, dropping features whose weight comes out against its expected sign, until none does. */
function fit(train: Row[], names: string[]): LinearModel["features"] & object {
  const language = train[0]!.r.language.startsWith("zh") ? "zh" : "en";
  const signs = EXPECTED_SIGNS[language];
  let active = [...names];
  for (;;) {
    const m = fitOnce(train, active);
    const wrong = active.filter((n) => signs[n] !== undefined && Math.sign(m[n]!.w) !== signs[n] && m[n]!.w !== 0);
    if (wrong.length === 0) {
      for (const n of names) if (!active.includes(n)) m[n] = { mean: 0, sd: 1, w: 0 };
      return m;
    }
    active = active.filter((n) => !wrong.includes(n));
  }
}

function fitOnce(train: Row[], names: string[]): Record<string, { mean: number; sd: number; w: number }> {
  // Prompt fixed effects: weights are fitted on features and targets centred within each prompt, so the
  // cross-prompt differences in typical length do not leak into the weights. Means stay global.
  const groupMean = new Map<string, { x: Record<string, number>; y: number }>();
  for (const p of new Set(train.map((r) => r.r.prompt_id))) {
    const g = train.filter((r) => r.r.prompt_id === p);
    const x: Record<string, number> = {};
    for (const n of names) x[n] = g.reduce((a, r) => a + r.x[n]!, 0) / g.length;
    groupMean.set(p, { x, y: g.reduce((a, r) => a + r.y, 0) / g.length });
  }
  const means = names.map((n) => train.reduce((a, r) => a + r.x[n]!, 0) / train.length);
  const sds = names.map(
    (n, j) => Math.sqrt(train.reduce((a, r) => a + (r.x[n]! - means[j]!) ** 2, 0) / train.length) || 1,
  );
  const Z = train.map((r) => names.map((n, j) => (r.x[n]! - groupMean.get(r.r.prompt_id)!.x[n]!) / sds[j]!));
  const ym = train.reduce((a, r) => a + r.y, 0) / train.length;
  const yc = train.map((r) => r.y - groupMean.get(r.r.prompt_id)!.y);
  const p = names.length;
  const A = Array.from({ length: p }, (_, i) =>
    Array.from(
      { length: p },
      (_, j) => Z.reduce((a, z) => a + z[i]! * z[j]!, 0) / train.length + (i === j ? LAMBDA / train.length : 0),
    ),
  );
  const b = Array.from({ length: p }, (_, i) => Z.reduce((a, z, k) => a + z[i]! * yc[k]!, 0) / train.length);
  const w = solve(A, b);
  const out: Record<string, { mean: number; sd: number; w: number }> = {};
  names.forEach((n, j) => {
    out[n] = { mean: round(means[j]!), sd: round(sds[j]!), w: round(w[j]!) };
  });
  return Object.assign(out, { __intercept: { mean: 0, sd: 1, w: round(ym) } });
}

function round(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

function predictRaw(m: Record<string, { mean: number; sd: number; w: number }>, x: Record<string, number>): number {
  let s = 0;
  for (const [n, c] of Object.entries(m)) if (n !== "__intercept") s += (c.w * (x[n]! - c.mean)) / c.sd;
  return s;
}

function toModel(m: Record<string, { mean: number; sd: number; w: number }>, train: Row[]): LinearModel {
  const { __intercept, ...features } = m;
  const preds = train.map((r) => predictRaw(m, r.x));
  const pm = preds.reduce((a, b) => a + b, 0) / preds.length;
  const psd = Math.sqrt(preds.reduce((a, b) => a + (b - pm) ** 2, 0) / preds.length);
  const ym = __intercept!.w;
  const ysd = Math.sqrt(train.reduce((a, r) => a + (r.y - ym) ** 2, 0) / train.length);
  // stretch so the predicted spread matches the human spread (QWK penalises a compressed scale)
  return { intercept: ym, stretch: round(STRETCH_MULT * (psd > 0 ? ysd / psd : 1)), features };
}

export function predictUnit(model: LinearModel, x: Record<string, number>): number {
  let s = 0;
  for (const [n, c] of Object.entries(model.features)) s += c.w * clampZ(((x[n] ?? c.mean) - c.mean) / c.sd);
  return model.intercept + model.stretch * s;
}

function toScale(unit: number, min: number, max: number): number {
  const total = Math.max(0, Math.min(40, Math.round(unitToTotal(unit))));
  return Math.max(min, Math.min(max, Math.round(min + totalToUnit(total) * (max - min))));
}

function evaluate(test: Row[], predict: (r: Row) => number): number {
  const r0 = test[0]!.r;
  return qwk(
    test.map((r) => r.r.score),
    test.map((r) => toScale(predict(r), r0.score_min, r0.score_max)),
    r0.score_min,
    r0.score_max,
  );
}

/** QWK on test[K:] after calibrating on test[:K] (the grader's calibration on the continuous raw total). */
function evaluateCalibrated(test: Row[], predict: (r: Row) => number, K: number): number {
  const r0 = test[0]!.r;
  const { score_min: min, score_max: max } = r0;
  const cal = test.slice(0, K);
  const rest = test.slice(K);
  const teacher = (r: Row) => unitToTotal((r.r.score - min) / (max - min));
  const toS = (t: number) => Math.max(min, Math.min(max, Math.round(min + totalToUnit(Math.round(t)) * (max - min))));
  if (process.env.CONTENT) {
    const ref = new ContentReference(cal.map((r) => ({ text: r.r.text, score: teacher(r) })));
    const map = fitContentCalibration(
      cal.map((r, i) => ({ raw: unitToTotal(predict(r)), teacher: teacher(r), content: ref.predict(r.r.text, 7, i) })),
    );
    return qwk(
      rest.map((r) => r.r.score),
      rest.map((r) => toS(map.apply(unitToTotal(predict(r)), ref.predict(r.r.text)))),
      min,
      max,
    );
  }
  const map = fitCalibration(cal.map((r) => ({ raw: unitToTotal(predict(r)), teacher: teacher(r) })));
  return qwk(
    rest.map((r) => r.r.score),
    rest.map((r) => toS(map.apply(unitToTotal(predict(r))))),
    min,
    max,
  );
}

function lengthBaseline(train: Row[], test: Row[]): number {
  const m = fit(train, ["logLen"]);
  const model = toModel(m, train);
  return evaluate(test, (r) => predictUnit(model, r.x));
}

const names = (lang: "en" | "zh") => Object.values(FEATURE_GROUPS[lang]).flat();

const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
if (process.env.SHRINK) setShrink(Number(process.env.SHRINK));
const en = rows("asap-p1-6-dev.jsonl");
const zh = rows("cn-multitrait-dev.jsonl");
const prompts = [...new Set(en.map((r) => r.r.prompt_id))];
const lopo: Record<string, { model: number; length: number; cal: number; lenCal: number }> = {};
for (const p of prompts) {
  const train = en.filter((r) => r.r.prompt_id !== p);
  const test = en.filter((r) => r.r.prompt_id === p);
  const model = toModel(fit(train, names("en")), train);
  const lenModel = toModel(fit(train, ["logLen"]), train);
  lopo[p] = {
    model: evaluate(test, (r) => predictUnit(model, r.x)),
    length: lengthBaseline(train, test),
    cal: evaluateCalibrated(test, (r) => predictUnit(model, r.x), 30),
    lenCal: evaluateCalibrated(test, (r) => predictUnit(lenModel, r.x), 30),
  };
  const pr = test.map((r) => predictUnit(model, r.x));
  const pm = meanOf(pr);
  const ym = meanOf(test.map((r) => r.y));
  const cov = meanOf(test.map((r, i) => (pr[i]! - pm) * (r.y - ym)));
  const corr = cov / Math.sqrt(meanOf(pr.map((v) => (v - pm) ** 2)) * meanOf(test.map((r) => (r.y - ym) ** 2)));
  console.log(`  P${p} mean pred ${pm.toFixed(3)} mean y ${ym.toFixed(3)} corr ${corr.toFixed(3)}`);
}
console.log("English leave-one-prompt-out QWK:");
for (const [p, v] of Object.entries(lopo))
  console.log(
    `  P${p}: model ${v.model.toFixed(3)}  length-only ${v.length.toFixed(3)} | calibrated K=30: model ${v.cal.toFixed(3)}  length-only ${v.lenCal.toFixed(3)}`,
  );
console.log(
  `  mean calibrated K=30: model ${meanOf(Object.values(lopo).map((v) => v.cal)).toFixed(3)}  length-only ${meanOf(Object.values(lopo).map((v) => v.lenCal)).toFixed(3)}`,
);
console.log(
  `  mean: model ${meanOf(Object.values(lopo).map((v) => v.model)).toFixed(3)}  length-only ${meanOf(Object.values(lopo).map((v) => v.length)).toFixed(3)}`,
);

const folds = 5;
const zq: { model: number; length: number }[] = [];
for (let k = 0; k < folds; k++) {
  const train = zh.filter((_, i) => i % folds !== k);
  const test = zh.filter((_, i) => i % folds === k);
  const model = toModel(fit(train, names("zh")), train);
  zq.push({ model: evaluate(test, (r) => predictUnit(model, r.x)), length: lengthBaseline(train, test) });
}
console.log(
  `Chinese 5-fold QWK: model ${meanOf(zq.map((v) => v.model)).toFixed(3)}  length-only ${meanOf(zq.map((v) => v.length)).toFixed(3)}  folds ${zq.map((v) => v.model.toFixed(3)).join(" ")}`,
);

if (process.argv.includes("--write")) {
  const enModel = toModel(fit(en, names("en")), en);
  const zhModel = toModel(fit(zh, names("zh")), zh);
  const src = `// Generated by bench/src/grading/fit.ts (ridge regression, lambda ${LAMBDA}) on /work/shared/datasets/grading:
// en: asap-p1-6-dev.jsonl (${en.length} essays, ASAP prompts 1-6, target = (score - min) / (max - min));
// zh: cn-multitrait-dev.jsonl (${zh.length} essays, overall 0-2, target = score / 2).
// Held-out QWK at fit time: en leave-one-prompt-out mean ${meanOf(Object.values(lopo).map((v) => v.model)).toFixed(3)}; zh 5-fold mean ${meanOf(zq.map((v) => v.model)).toFixed(3)}.
// Only feature means, standard deviations and weights are stored; no essay text.
import type { LinearModel } from "./model.ts";

export const COEFFICIENTS: { en: LinearModel; zh: LinearModel } = ${JSON.stringify({ en: enModel, zh: zhModel }, null, 2)};
`;
  writeFileSync(new URL("../../../packages/grading/src/coefficients.ts", import.meta.url), src);
  console.log("wrote coefficients.ts");
}
