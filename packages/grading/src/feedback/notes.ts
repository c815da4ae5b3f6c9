import type { CriterionKey, Localized } from "../types.ts";
import { say } from "./say.ts";

export type Tone = "high" | "mid" | "low";

/** A criterion's standing: at least 75 % of its points is high, below 50 % low. */
export function toneOf(score: number, max: number): Tone {
  const r = max > 0 ? score / max : 0;
  return r >= 0.75 ? "high" : r >= 0.5 ? "mid" : "low";
}

/** A criterion below this share of its points is not praised (no "rich vocabulary" beside 3/10 for language). */
export const PRAISE_MIN = 0.6;
/** A criterion at or above this share of its points lists nothing to improve. */
export const IMPROVE_MAX = 0.9;

/** Whether an observation may be shown beside a criterion's score. */
export function fitsScore(weight: number, score: number, max: number): boolean {
  const r = max > 0 ? score / max : 0;
  return weight > 0 ? r >= PRAISE_MIN : r < IMPROVE_MAX;
}

/** What a criterion's score says when no observation of this essay fits it. */
export const BAND_NOTES: Record<CriterionKey, Record<Tone, Localized>> = {
  content: {
    high: say("Full and on topic.", "内容充实，切合题意。", "內容充實，切合題意。"),
    mid: say(
      "On topic; the content could be more specific.",
      "内容基本切题，还可以写得更具体。",
      "內容基本切題，還可以寫得更具體。",
    ),
    low: say(
      "Thin or off the topic; add specific content.",
      "内容单薄或偏离题意，需要补充具体内容。",
      "內容單薄或偏離題意，需要補充具體內容。",
    ),
  },
  organisation: {
    high: say("Clearly organised.", "结构清楚，条理分明。", "結構清楚，條理分明。"),
    mid: say(
      "Organised on the whole; the links between parts could be smoother.",
      "结构基本清楚，衔接可以更自然。",
      "結構基本清楚，銜接可以更自然。",
    ),
    low: say(
      "Hard to follow; rework the order and the paragraphs.",
      "结构较乱，段落和顺序需要调整。",
      "結構較亂，段落和順序需要調整。",
    ),
  },
  language: {
    high: say("Fluent and precise.", "语言通顺，用词准确。", "語言通順，用詞準確。"),
    mid: say(
      "Mostly fluent; the wording could be richer.",
      "语言基本通顺，用词可以更丰富。",
      "語言基本通順，用詞可以更豐富。",
    ),
    low: say(
      "Not yet fluent; work on words and sentences.",
      "语言不够通顺，用词和句式都需要加强。",
      "語言不夠通順，用詞和句式都需要加強。",
    ),
  },
  conventions: {
    high: say("Very few errors.", "书写规范，错误很少。", "書寫規範，錯誤很少。"),
    mid: say("Some errors in writing or punctuation.", "有一些书写或标点错误。", "有一些書寫或標點錯誤。"),
    low: say("Many errors in writing or punctuation.", "错别字或标点错误较多。", "錯別字或標點錯誤較多。"),
  },
};
