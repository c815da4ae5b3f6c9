import type { CriterionKey, EssayLanguage } from "./types.ts";

export interface FeatureCoef {
  mean: number;
  sd: number;
  w: number;
}

/** Linear model predicting a unit score (0 = lowest, 1 = highest human score) from standardised features. */
export interface LinearModel {
  kind: "linear";
  intercept: number;
  /** Factor applied to the centred prediction so its spread matches the human scores' spread. */
  stretch: number;
  /** Typical essay length of the fitting data (words or characters); see relativeToTarget. */
  typicalLength: number;
  features: Record<string, FeatureCoef>;
}

/**
 * Kind of task a topic sets: a short response to a source text (reading passage, story, article) or an essay
 * (letter, argument, narrative, report — everything else).
 */
export type TaskKind = "source" | "essay";

export interface StepFn {
  /** Ascending thresholds; value index k applies when cuts[k-1] < x <= cuts[k]. */
  cuts: number[];
  /** Contribution (unit-score terms, centred on the fitting data) for each interval. */
  values: number[];
}

/** Additive model of step functions (boosted decision stumps): a generalised additive model. */
export interface StepModel {
  kind: "steps";
  intercept: number;
  stretch: number;
  typicalLength: number;
  features: Record<string, StepFn>;
}

export type Model = LinearModel | StepModel;

export function stepValue(fn: StepFn, x: number): number {
  let k = 0;
  while (k < fn.cuts.length && x > fn.cuts[k]!) k++;
  return fn.values[k] ?? 0;
}

/** Centred contribution of one feature (before stretch). */
export function featureContribution(model: Model, name: string, x: number | undefined): number {
  if (model.kind === "linear") {
    const c = model.features[name];
    if (!c) return 0;
    return c.w * clampZ(((x ?? c.mean) - c.mean) / c.sd);
  }
  const fn = model.features[name];
  return fn && x !== undefined ? stepValue(fn, x) : 0;
}

/** Unit-score prediction of a model. */
export function predictUnit(model: Model, x: Record<string, number>): number {
  let s = 0;
  for (const n of Object.keys(model.features)) s += featureContribution(model, n, x[n]);
  return model.intercept + model.stretch * s;
}

/** Which features feed which criterion. */
export const FEATURE_GROUPS: Record<EssayLanguage, Record<CriterionKey, string[]>> = {
  en: {
    content: ["logLen", "logLenSq", "topicCoverage", "onTopicShare", "logContentTypes", "properRate", "quoteRate"],
    organisation: [
      "sentences",
      "transitionsPer100",
      "transitionTypes",
      "sdSentLen",
      "meanSentLen",
      "logSentLenSq",
      "subordinateShare",
      "questionRate",
      "exclaimRate",
    ],
    language: [
      "mattr",
      "guiraud",
      "logTypes",
      "avgWordLen",
      "longShare",
      "logLong",
      "rareShare",
      "logRare",
      "meanLogRank",
      "repetition",
      "repBigramRate",
    ],
    conventions: [
      "spellRate",
      "logMisspelled",
      "lowerStartRate",
      "lowerIRate",
      "commasPerSent",
      "logCommas",
      "apostropheRate",
    ],
  },
  zh: {
    content: [
      "logLen",
      "topicCoverage",
      "onTopicShare",
      "introTopic",
      "endTopic",
      "quotesPer100",
      "citationRate",
      "examplesPer1000",
      "arguePer1000",
      "firstPersonRate",
    ],
    organisation: [
      "paragraphs",
      "paraBalance",
      "transitionsPer100",
      "transitionTypes",
      "sentences",
      "longSentShare",
      "logSentencesPerPara",
      "logFirstPara",
      "logLastPara",
      "clausesPerSent",
      "refrainRate",
      "paraParallel",
      "maxParaShare",
      "bodyLeadLen",
    ],
    language: [
      "mattr",
      "charDiversity",
      "multiShare",
      "fourShare",
      "threeShare",
      "meanLogFreq",
      "rareShareZh",
      "logRareTypes",
      "idiomRate",
      "logIdioms",
      "oovShare",
      "avgWordLen",
      "meanSentLen",
      "sdSentLen",
      "repetition",
      "parallelRate",
      "commasPerSent",
      "questionRate",
      "exclaimRate",
    ],
    conventions: ["wrongRate", "punctTypes", "asciiPunctRate", "latinRate"],
  },
};

/**
 * Features whose weight must have a known sign (+1 helps, −1 hurts); the fit drops any that come out the other
 * way, so criteria do not reward errors or punish range because of quirks of the fitting data.
 */
export const EXPECTED_SIGNS: Record<EssayLanguage, Record<string, 1 | -1>> = {
  en: {
    logLen: 1,
    topicCoverage: 1,
    onTopicShare: 1,
    logContentTypes: 1,
    logTypes: 1,
    guiraud: 1,
    mattr: 1,
    logRare: 1,
    rareShare: 1,
    logLong: 1,
    repetition: -1,
    repBigramRate: -1,
    spellRate: -1,
    lowerStartRate: -1,
    lowerIRate: -1,
    transitionTypes: 1,
  },
  zh: {
    logLen: 1,
    topicCoverage: 1,
    onTopicShare: 1,
    charDiversity: 1,
    mattr: 1,
    rareShareZh: 1,
    logRareTypes: 1,
    idiomRate: 1,
    logIdioms: 1,
    wrongRate: -1,
    asciiPunctRate: -1,
    latinRate: -1,
    punctTypes: 1,
    examplesPer1000: 1,
    introTopic: 1,
    endTopic: 1,
    refrainRate: 1,
    paraParallel: 1,
    maxParaShare: -1,
    bodyLeadLen: -1,
  },
};

/** Log-count features that grow with the length of the essay (log(1 + count)). */
export const LENGTH_FEATURES: Record<EssayLanguage, string[]> = {
  en: ["logLen", "sentences", "logTypes", "logContentTypes", "logLong", "logRare", "logCommas"],
  zh: ["logLen", "sentences", "logRareTypes", "logIdioms"],
};

/**
 * Length-dependent features are rescaled as if the essay's expected length (the target the teacher or the topic
 * gives, else the level's; see levelTargetLength) were the typical length of the essays the model was fitted on
 * (exp of the mean logLen), so an essay is judged by its length relative to what was asked of it, not by absolute
 * length: a 250-character grade-3 story is not a short 800-character exam essay.
 */
export function relativeToTarget(
  model: Model,
  language: EssayLanguage,
  f: Record<string, number>,
  target: number | undefined,
): Record<string, number> {
  const typical = model.typicalLength;
  if (!target || target <= 0 || !typical) return f;
  const ratio = typical / target;
  const out = { ...f };
  for (const n of LENGTH_FEATURES[language]) {
    const v = out[n];
    if (v === undefined) continue;
    out[n] = Math.log(1 + (Math.exp(v) - 1) * ratio);
  }
  if (out.logLenSq !== undefined && out.logLen !== undefined) out.logLenSq = out.logLen ** 2;
  return out;
}

/** Features that describe paragraphs: unknown (left out, i.e. judged neutral) when a text has no line breaks. */
export const PARAGRAPH_FEATURES: Record<EssayLanguage, string[]> = {
  en: [],
  zh: [
    "paragraphs",
    "paraBalance",
    "logFirstPara",
    "logLastPara",
    "logSentencesPerPara",
    "maxParaShare",
    "paraParallel",
    "bodyLeadLen",
    "introTopic",
    "endTopic",
  ],
};

/**
 * Features of argument (议论文) learnt from the Chinese argumentative essays: first-person rate, argument and citation
 * markers, refrains and parallel sub-arguments, short topic sentences, rhetorical questions and exclamations. They
 * say nothing about a story or a description (a narrative lives on "我" and on dialogue), so other genres leave them
 * out.
 */
export const ARGUMENT_FEATURES: Record<EssayLanguage, string[]> = {
  en: [],
  zh: [
    "firstPersonRate",
    "arguePer1000",
    "citationRate",
    "refrainRate",
    "paraParallel",
    "bodyLeadLen",
    "questionRate",
    "exclaimRate",
  ],
};

/** Features about relevance to the topic: not a matter of the writer's maturity. */
const RELEVANCE_FEATURES = new Set(["topicCoverage", "onTopicShare", "introTopic", "endTopic"]);

/** What the model may judge of an essay: paragraph features need line breaks, argument features an argument. */
export function judgedFeatures(
  language: EssayLanguage,
  f: Record<string, number>,
  ctx: { hasLineBreaks: boolean; argumentative: boolean },
): Record<string, number> {
  const out = { ...f };
  if (!ctx.hasLineBreaks) for (const n of PARAGRAPH_FEATURES[language]) delete out[n];
  if (!ctx.argumentative) for (const n of ARGUMENT_FEATURES[language]) delete out[n];
  return out;
}

/** Feature values as the model sees them: relative to the expected length (the target, or the level's). */
export function modelInput(
  model: Model,
  language: EssayLanguage,
  f: Record<string, number>,
  expected: number | undefined,
): Record<string, number> {
  return relativeToTarget(model, language, f, expected);
}

/**
 * The grader's fixed mapping between its 0–40 total and a unit score (share of a rubric's range):
 * total = 10 + 30 × unit, so the lowest human score sits at 10 (only empty or off-task texts go below)
 * and the highest at 40.
 */
export function unitToTotal(unit: number): number {
  return 10 + 30 * unit;
}

export function totalToUnit(total: number): number {
  return Math.max(0, Math.min(1, (total - 10) / 30));
}

/** Standardised feature values are clipped to ±3 so unusual essays do not extrapolate the linear model. */
export function clampZ(z: number): number {
  return Math.max(-3, Math.min(3, z));
}

/**
 * How an essay is judged beyond its features: `leniency` (0–1) forgives that share of the negative contributions of
 * maturity features (all but length and relevance; see leniency in level.ts).
 */
export interface JudgeOptions {
  leniency?: number;
}

function contributionOf(
  model: Model,
  language: EssayLanguage,
  name: string,
  x: number | undefined,
  opts: JudgeOptions,
): number {
  const c = featureContribution(model, name, x);
  const lenient = opts.leniency ?? 0;
  if (c < 0 && lenient > 0 && !LENGTH_FEATURES[language].includes(name) && !RELEVANCE_FEATURES.has(name)) {
    return c * (1 - lenient);
  }
  return c;
}

/** Unit-score prediction of a model under judge options (see predictUnit). */
export function predictJudged(
  model: Model,
  language: EssayLanguage,
  x: Record<string, number>,
  opts: JudgeOptions,
): number {
  let s = 0;
  for (const n of Object.keys(model.features)) s += contributionOf(model, language, n, x[n], opts);
  return model.intercept + model.stretch * s;
}

/** Per-criterion contributions (in unit-score terms, centred) of a fitted model. */
export function contributions(
  model: Model,
  language: EssayLanguage,
  x: Record<string, number>,
  opts: JudgeOptions = {},
): Record<CriterionKey, number> {
  const out: Record<CriterionKey, number> = { content: 0, organisation: 0, language: 0, conventions: 0 };
  for (const [key, names] of Object.entries(FEATURE_GROUPS[language]) as [CriterionKey, string[]][]) {
    for (const n of names) {
      out[key] += model.stretch * contributionOf(model, language, n, x[n], opts);
    }
  }
  return out;
}
