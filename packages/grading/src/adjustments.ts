import { stageOf } from "@essay/contract";
import type { Analysis } from "./features.ts";
import { leniency } from "./level.ts";
import type { CriterionKey } from "./types.ts";

/**
 * Hand-set adjustments to the criterion scores (points), for what the fitting data cannot teach: it has no line
 * breaks in English, no practical genres, no named target lengths, and its typed Chinese essays have few wrong
 * characters.
 */
export function adjustments(a: Analysis): Record<CriterionKey, number> {
  const adj: Record<CriterionKey, number> = { content: 0, organisation: 0, language: 0, conventions: 0 };
  const p = a.practical;
  if (a.language === "en" && a.hasLineBreaks) {
    const paras = a.paragraphs.length - (p?.kind === "news" && p.headline ? 1 : 0);
    if (a.length > 150 && paras <= 1) adj.organisation -= 2;
    else if (a.length > 150 && paras >= 3) adj.organisation += 1;
  }
  if (p?.kind === "news") {
    adj.content += p.headline ? 0.5 : -1;
    adj.content += p.leadWh.length >= 4 ? 0.5 : p.leadWh.length <= 2 ? -0.5 : 0;
    adj.content += p.quotations > 0 ? 0.5 : -0.5;
    if (p.firstPerson >= 3) adj.content -= 1;
  } else if (p?.kind === "letter") {
    adj.organisation += p.salutation ? 0.5 : -1;
    adj.organisation += p.closing || p.signature ? 0.5 : -0.5;
  } else if (p?.kind === "notice") {
    adj.content += p.title ? 0.5 : -1;
    adj.content += p.time && p.place ? 0.5 : -0.5;
    if (!p.issuer) adj.organisation -= 0.5;
  }
  // a length the teacher or the topic names is a requirement ("不少于600字"); a level's usual length is not
  if (a.targetSource === "given") {
    const r = a.length / a.target;
    adj.content += r < 0.5 ? -2 : r < 0.8 ? -1 : 0;
  }
  // Wrong characters: the fitted Chinese weight is zero (the typed fitting essays have few), so a hand-set penalty,
  // forgiven like the other maturity evidence for young writers (pinyin for a character not yet learnt).
  if (a.language === "zh") {
    const wrong = a.wrongChars.filter((w) => w.confidence >= 0.5).length;
    adj.conventions -= Math.min(4, 0.75 * wrong) * (1 - leniency("zh", a.year));
  }
  const craft = craftAdjustment(a);
  for (const k of Object.keys(craft) as CriterionKey[]) adj[k] += craft[k];
  const topicTerms = a.topicCovered.length + a.topicMissing.length;
  if (topicTerms >= 3 && a.topicCovered.length === 0) adj.content -= 3;
  return adj;
}

/** Points for each craft element a primary story or description shows, against its level's typical essay. */
export const CRAFT_POINTS = 1;

/**
 * How many of the five craft elements (craft.ts) a typical essay of a primary stage shows: 写话 (grades 1–2) about
 * two, 习作 (grades 3–6) about three (the rounded mean of the 18 grade-3 essays of cn-primary-g3-dev: it sets where a
 * typical essay lands, not how essays are ranked).
 */
const CRAFT_TYPICAL = { lower_primary: 2, middle_primary: 3, upper_primary: 3 } as const;

/**
 * Primary-school stories and descriptions (Chinese): a point for each craft element present — speech and feelings
 * for content, comparisons and vivid doubled words for language, a closing sentence for organisation — less the
 * typical essay's share, so a typical essay moves by 0. The fitted models (senior high arguments) cannot see
 * what a grade-3 teacher rewards; a hand-set weight, docs/grading.md "Grade 3" for how it was checked.
 */
export function craftAdjustment(a: Analysis): Record<CriterionKey, number> {
  const adj: Record<CriterionKey, number> = { content: 0, organisation: 0, language: 0, conventions: 0 };
  const c = a.craft;
  if (!c || a.year === undefined || (a.genre !== "narrative" && a.genre !== "descriptive")) return adj;
  const stage = stageOf(a.year);
  if (stage !== "lower_primary" && stage !== "middle_primary" && stage !== "upper_primary") return adj;
  const share = CRAFT_TYPICAL[stage] / 5;
  const point = (present: boolean) => CRAFT_POINTS * ((present ? 1 : 0) - share);
  adj.content += point(c.dialogue.length > 0) + point(c.feelings.length > 0);
  adj.language += point(c.figures.length > 0) + point(c.vivid.length > 0);
  adj.organisation += point(c.ending);
  return adj;
}
