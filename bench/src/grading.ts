/**
 * Grading benchmark.
 *
 *   npm run -s bench:grading -- --data FILE.jsonl [--calibrate K] [--json] [--limit N]
 *
 * Maps the grader's 0–40 total onto each record's [score_min, score_max] with the grader's fixed mapping
 * (unit = (total − 10) / 30, the same for every prompt) and prints per-prompt quadratic weighted kappa.
 * With --calibrate K the first K essays of each prompt (by id) act as teacher-scored calibration
 * (their human scores mapped to 0–40 with the same fixed mapping) and QWK is computed on the rest.
 * A length-only baseline (log word/character count through a one-feature model fitted like the grader, see
 * LENGTH_BASELINE in coefficients.ts; equated on the same calibration essays when calibrating) is printed beside it.
 */
import { fitCalibration, grade, rawTotal, totalToUnit, unitToTotal } from "@essay/grading";
import { LENGTH_BASELINE } from "../../packages/grading/src/coefficients.ts";
import { compareIds, type EssayRecord, lang, loadJsonl, topicOf } from "./grading/data.ts";
import { qwk } from "./grading/qwk.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const file = arg("--data");
if (!file) {
  console.error("usage: bench:grading -- --data FILE.jsonl [--calibrate K] [--json] [--limit N]");
  process.exit(2);
}
const K = Number(arg("--calibrate") ?? 0);
const limit = Number(arg("--limit") ?? Number.POSITIVE_INFINITY);
const asJson = process.argv.includes("--json");

const records = loadJsonl(file).sort((a, b) => compareIds(a.id, b.id));
const byPrompt = new Map<string, EssayRecord[]>();
for (const r of records) {
  const list = byPrompt.get(r.prompt_id) ?? [];
  if (list.length < limit) list.push(r);
  byPrompt.set(r.prompt_id, list);
}

function toScale(total: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.round(min + totalToUnit(total) * (max - min))));
}
function fromScale(score: number, min: number, max: number): number {
  return unitToTotal((score - min) / (max - min));
}
function lengthOf(r: EssayRecord): number {
  return lang(r) === "zh"
    ? (r.text.match(/\p{Script=Han}/gu) ?? []).length
    : (r.text.match(/[A-Za-z0-9@']+/g) ?? []).length;
}

const perPrompt: Record<string, { n: number; qwk: number; lengthQwk: number }> = {};
let totalMs = 0;
let graded = 0;
for (const [pid, list] of byPrompt) {
  const calib = list.slice(0, K);
  const test = list.slice(K);
  if (test.length === 0) continue;
  const { score_min: min, score_max: max } = test[0]!;
  // teacher-scored essays: text and topic (the grader scores them itself and, with ≥ 10 English texts, uses their content)
  const calibration = calib.map((r) => ({
    rawTotal: rawTotal({ text: r.text, topic: topicOf(r), language: lang(r) }),
    text: r.text,
    topic: topicOf(r),
    teacherScore: fromScale(r.score, min, max),
  }));
  const preds: number[] = [];
  for (const r of test) {
    const t0 = performance.now();
    const g = grade({
      text: r.text,
      topic: topicOf(r),
      language: lang(r),
      feedbackLanguage: "en",
      calibration: calibration.length ? calibration : undefined,
    });
    totalMs += performance.now() - t0;
    graded++;
    preds.push(toScale(g.totalScore, min, max));
  }
  // length-only baseline: log length through a one-feature model fitted like the grader on the same data,
  // equated on the calibration essays when there are any.
  const lenTotal = (r: EssayRecord) => {
    const m = LENGTH_BASELINE[lang(r)];
    const c = m.features.logLen!;
    return unitToTotal(m.intercept + (m.stretch * c.w * (Math.log(1 + lengthOf(r)) - c.mean)) / c.sd);
  };
  const lenMap = fitCalibration(calib.map((r) => ({ raw: lenTotal(r), teacher: fromScale(r.score, min, max) })));
  const lenPreds = test.map((r) => toScale(Math.round(lenMap.apply(lenTotal(r))), min, max));
  const gold = test.map((r) => r.score);
  perPrompt[pid] = { n: test.length, qwk: qwk(gold, preds, min, max), lengthQwk: qwk(gold, lenPreds, min, max) };
}

const vals = Object.values(perPrompt);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const summary = {
  data: file,
  calibrate: K,
  n: vals.reduce((a, v) => a + v.n, 0),
  qwk_mean: Number(mean(vals.map((v) => v.qwk)).toFixed(4)),
  qwk_by_prompt: Object.fromEntries(Object.entries(perPrompt).map(([k, v]) => [k, Number(v.qwk.toFixed(4))])),
  length_qwk_mean: Number(mean(vals.map((v) => v.lengthQwk)).toFixed(4)),
  length_qwk_by_prompt: Object.fromEntries(
    Object.entries(perPrompt).map(([k, v]) => [k, Number(v.lengthQwk.toFixed(4))]),
  ),
  ms_per_essay: Number((totalMs / Math.max(1, graded)).toFixed(2)),
};

console.log(`data ${file}  calibrate K=${K}`);
console.log("prompt      n    QWK   length-only");
for (const [k, v] of Object.entries(perPrompt)) {
  console.log(`${k.padEnd(8)} ${String(v.n).padStart(5)}  ${v.qwk.toFixed(3)}  ${v.lengthQwk.toFixed(3)}`);
}
console.log(
  `mean     ${String(summary.n).padStart(5)}  ${summary.qwk_mean.toFixed(3)}  ${summary.length_qwk_mean.toFixed(3)}`,
);
console.log(`ms per essay: ${summary.ms_per_essay}`);
if (asJson) console.log(JSON.stringify(summary));
