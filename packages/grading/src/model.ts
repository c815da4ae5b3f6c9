import type { CriterionKey, EssayLanguage } from "./types.ts";

export interface FeatureCoef {
  mean: number;
  sd: number;
  w: number;
}

/** Linear model predicting a unit score (0 = lowest, 1 = highest human score) from standardised features. */
export interface LinearModel {
  intercept: number;
  /** Factor applied to the centred prediction so its spread matches the human scores' spread. */
  stretch: number;
  features: Record<string, FeatureCoef>;
}

/** Which features feed which criterion. */
export const FEATURE_GROUPS: Record<EssayLanguage, Record<CriterionKey, string[]>> = {
  en: {
    content: ["logLen", "lenRatio", "topicCoverage", "onTopicShare", "logContentTypes", "properRate", "quoteRate"],
    organisation: [
      "sentences",
      "transitionsPer100",
      "transitionTypes",
      "sdSentLen",
      "meanSentLen",
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
    conventions: ["spellRate", "lowerStartRate", "lowerIRate", "commasPerSent", "logCommas", "apostropheRate"],
  },
  zh: {
    content: ["logLen", "lenRatio", "topicCoverage", "onTopicShare", "quotesPer100", "citationRate", "firstPersonRate"],
    organisation: [
      "paragraphs",
      "paraBalance",
      "transitionsPer100",
      "transitionTypes",
      "sentences",
      "longSentShare",
      "logSentencesPerPara",
      "clausesPerSent",
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
      "questionRate",
      "exclaimRate",
    ],
    conventions: ["wrongRate", "punctTypes", "commasPerSent", "asciiPunctRate", "latinRate"],
  },
};

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

/** Per-criterion contributions (in unit-score terms, centred) of a fitted model. */
export function contributions(
  model: LinearModel,
  language: EssayLanguage,
  x: Record<string, number>,
): Record<CriterionKey, number> {
  const out: Record<CriterionKey, number> = { content: 0, organisation: 0, language: 0, conventions: 0 };
  for (const [key, names] of Object.entries(FEATURE_GROUPS[language]) as [CriterionKey, string[]][]) {
    for (const n of names) {
      const c = model.features[n];
      if (!c) continue;
      const v = x[n] ?? c.mean;
      out[key] += (model.stretch * c.w * (v - c.mean)) / c.sd;
    }
  }
  return out;
}
