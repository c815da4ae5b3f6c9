/**
 * Grading benchmark.
 *
 *   npm run -s bench:grading -- --data FILE.jsonl [--calibrate K] [--cohort N] [--json] [--limit N]
 *
 * Grades every record with its topic (the prompt, else the essay's title) and its writers' school year (`grade`),
 * no target length (the level's applies). Per prompt it prints quadratic weighted kappa (the grader's 0–40 total
 * mapped onto [score_min, score_max] with the grader's fixed mapping, unit = (total − 10) / 30, the same for every
 * prompt), Spearman's rank correlation of the total with the human score, and `mae40`: the mean absolute
 * difference between the total and the human score mapped linearly onto 0–40.
 * With --calibrate K the first K essays of each prompt (by id) act as teacher-scored calibration
 * (their human scores mapped to 0–40 with the same fixed mapping) and QWK is computed on the rest.
 * Each prompt is one assignment: every essay is graded with the texts of its class (`cohort`: the prompt's first N
 * essays by id other than itself, N = 30 by default, --cohort 0 for none), whose median length moves the level's
 * expected length where the two disagree (see classTarget in the grader).
 * A length-only baseline (log word/character count through a one-feature model fitted like the grader, see
 * LENGTH_BASELINE in coefficients.ts; equated on the same calibration essays when calibrating) is printed beside it.
 */
import { fitCalibration, grade, rawTotal, totalToUnit, unitToTotal } from "@essay/grading";
import { LENGTH_BASELINE } from "../../packages/grading/src/coefficients.ts";
import { compareIds, type EssayRecord, lang, loadJsonl, topicOf, yearOf } from "./grading/data.ts";
import { qwk, spearman } from "./grading/qwk.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const file = arg("--data");
if (!file) {
  console.error("usage: bench:grading -- --data FILE.jsonl [--calibrate K] [--cohort N] [--json] [--limit N]");
  process.exit(2);
}
const K = Number(arg("--calibrate") ?? 0);
const COHORT = Number(arg("--cohort") ?? 30);
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

interface PromptFigures {
  n: number;
  qwk: number;
  spearman: number;
  mae40: number;
  lengthQwk: number;
  lengthSpearman: number;
  lengthMae40: number;
}
const perPrompt: Record<string, PromptFigures> = {};
/** The human score mapped linearly onto 0–40. */
const human40 = (r: EssayRecord) => (40 * (r.score - r.score_min)) / (r.score_max - r.score_min);
const mae = (xs: number[], ys: number[]) => xs.reduce((a, x, i) => a + Math.abs(x - ys[i]!), 0) / xs.length;
let totalMs = 0;
let graded = 0;
for (const [pid, list] of byPrompt) {
  const calib = list.slice(0, K);
  const test = list.slice(K);
  if (test.length === 0) continue;
  const { score_min: min, score_max: max } = test[0]!;
  // the class: the prompt's first COHORT essays other than the graded one (one shared array for the rest, so the
  // grader counts it once)
  const head = list.slice(0, COHORT);
  const headTexts = head.map((x) => x.text);
  const cohortOf = (r: EssayRecord): string[] | undefined => {
    if (COHORT <= 0) return undefined;
    return head.includes(r)
      ? list
          .slice(0, COHORT + 1)
          .filter((x) => x !== r)
          .map((x) => x.text)
      : headTexts;
  };
  // teacher-scored essays: text and topic (the grader scores them itself and, with ≥ 10 English texts, uses their content)
  const calibration = calib.map((r) => ({
    rawTotal: rawTotal({ text: r.text, topic: topicOf(r), language: lang(r), grade: yearOf(r), cohort: cohortOf(r) }),
    text: r.text,
    topic: topicOf(r),
    teacherScore: fromScale(r.score, min, max),
  }));
  const preds: number[] = [];
  const totals: number[] = [];
  for (const r of test) {
    const t0 = performance.now();
    const g = grade({
      text: r.text,
      topic: topicOf(r),
      language: lang(r),
      grade: yearOf(r),
      feedbackLanguage: "en",
      calibration: calibration.length ? calibration : undefined,
      cohort: cohortOf(r),
    });
    totalMs += performance.now() - t0;
    graded++;
    totals.push(g.totalScore);
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
  const lenTotals = test.map((r) => Math.max(0, Math.min(40, Math.round(lenMap.apply(lenTotal(r))))));
  const lenPreds = lenTotals.map((t) => toScale(t, min, max));
  const gold = test.map((r) => r.score);
  const gold40 = test.map(human40);
  perPrompt[pid] = {
    n: test.length,
    qwk: qwk(gold, preds, min, max),
    spearman: spearman(gold, totals),
    mae40: mae(totals, gold40),
    lengthQwk: qwk(gold, lenPreds, min, max),
    lengthSpearman: spearman(gold, test.map(lengthOf)),
    lengthMae40: mae(lenTotals, gold40),
  };
}

const vals = Object.values(perPrompt);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const r4 = (x: number) => Number(x.toFixed(4));
const figuresBy = (pick: (v: PromptFigures) => number) =>
  Object.fromEntries(Object.entries(perPrompt).map(([k, v]) => [k, r4(pick(v))]));
const summary = {
  data: file,
  calibrate: K,
  n: vals.reduce((a, v) => a + v.n, 0),
  qwk_mean: r4(mean(vals.map((v) => v.qwk))),
  spearman_mean: r4(mean(vals.map((v) => v.spearman))),
  mae40_mean: r4(mean(vals.map((v) => v.mae40))),
  qwk_by_prompt: figuresBy((v) => v.qwk),
  spearman_by_prompt: figuresBy((v) => v.spearman),
  mae40_by_prompt: figuresBy((v) => v.mae40),
  length_qwk_mean: r4(mean(vals.map((v) => v.lengthQwk))),
  length_spearman_mean: r4(mean(vals.map((v) => v.lengthSpearman))),
  length_mae40_mean: r4(mean(vals.map((v) => v.lengthMae40))),
  length_qwk_by_prompt: figuresBy((v) => v.lengthQwk),
  length_spearman_by_prompt: figuresBy((v) => v.lengthSpearman),
  ms_per_essay: Number((totalMs / Math.max(1, graded)).toFixed(2)),
};

const row = (k: string, n: number, v: number[]) =>
  `${k.padEnd(10)} ${String(n).padStart(5)}  ${v.map((x, i) => x.toFixed(i % 3 === 2 ? 2 : 3).padStart(i % 3 === 2 ? 6 : 5)).join("  ")}`;
console.log(`data ${file}  calibrate K=${K}`);
console.log("                   grader                 length-only");
console.log("prompt         n    QWK  Spear.  mae40    QWK  Spear.  mae40");
for (const [k, v] of Object.entries(perPrompt)) {
  console.log(row(k, v.n, [v.qwk, v.spearman, v.mae40, v.lengthQwk, v.lengthSpearman, v.lengthMae40]));
}
console.log(
  row("mean", summary.n, [
    summary.qwk_mean,
    summary.spearman_mean,
    summary.mae40_mean,
    summary.length_qwk_mean,
    summary.length_spearman_mean,
    summary.length_mae40_mean,
  ]),
);
console.log(`ms per essay: ${summary.ms_per_essay}`);
if (asJson) console.log(JSON.stringify(summary));
