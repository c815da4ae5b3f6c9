import type { Analysis } from "../features.ts";
import { pinyinRule, punctuationRule, wrongCharsRule } from "./rules/chinese-conventions.ts";
import { capitalsRule, grammarSlipsRule, spellingRule } from "./rules/english-conventions.ts";
import {
  conclusionRule,
  dialogueRule,
  endingRule,
  examplesRule,
  feelingsRule,
  imagesRule,
  orderRule,
  positionRule,
  sensesRule,
  vividRule,
} from "./rules/genres.ts";
import { lengthRule } from "./rules/length.ts";
import { paragraphsRule } from "./rules/paragraphs.ts";
import {
  letterClosingRule,
  letterGreetingRule,
  newsHeadlineRule,
  newsLeadRule,
  newsPersonRule,
  newsQuotesRule,
  noticeDetailsRule,
  noticeIssuerRule,
  noticeTitleRule,
} from "./rules/practical.ts";
import { relevanceRule } from "./rules/relevance.ts";
import { repetitionRule } from "./rules/repetition.ts";
import { sentencesRule } from "./rules/sentences.ts";
import { transitionsRule } from "./rules/transitions.ts";
import { vocabularyRule } from "./rules/vocabulary.ts";
import type { Point, Rule } from "./types.ts";

export { composeFeedback, criterionEvidence } from "./compose.ts";
export type { Point, Rule } from "./types.ts";

/** Every feedback rule, grouped by criterion. */
export const RULES: Rule[] = [
  // content
  lengthRule,
  relevanceRule,
  dialogueRule,
  feelingsRule,
  sensesRule,
  positionRule,
  examplesRule,
  newsHeadlineRule,
  newsLeadRule,
  newsQuotesRule,
  newsPersonRule,
  noticeTitleRule,
  noticeDetailsRule,
  // organisation
  paragraphsRule,
  transitionsRule,
  conclusionRule,
  endingRule,
  orderRule,
  letterGreetingRule,
  letterClosingRule,
  noticeIssuerRule,
  // language
  sentencesRule,
  vocabularyRule,
  repetitionRule,
  imagesRule,
  vividRule,
  // conventions
  spellingRule,
  grammarSlipsRule,
  capitalsRule,
  wrongCharsRule,
  pinyinRule,
  punctuationRule,
];

/** Runs one rule on an essay: its observation, or null when it does not apply or has nothing to say. */
export function runRule(rule: Rule, a: Analysis): Point | null {
  if (rule.applies && !rule.applies(a)) return null;
  const p = rule.observe(a);
  return p ? { ...p, rule: rule.id, criterion: rule.criterion } : null;
}

/** Specific observations about this essay, each with a direction (strength or improvement). */
export function observations(a: Analysis): Point[] {
  return RULES.map((r) => runRule(r, a)).filter((p): p is Point => p !== null);
}
