import { stageOf } from "@essay/contract";
import type { Analysis } from "../../features.ts";
import { truncate } from "../../text.ts";
import { q, say, unit } from "../say.ts";
import type { Rule } from "../types.ts";

/** Longest sentence a level writes without it becoming a run-on (Han characters / words). */
function longSentence(a: Analysis): number {
  const stage = a.year === undefined ? "senior" : stageOf(a.year);
  const primary = stage === "lower_primary" || stage === "middle_primary" || stage === "upper_primary";
  if (a.language === "zh") return primary ? 50 : stage === "junior" ? 70 : 80;
  return primary ? 25 : stage === "junior" ? 35 : 40;
}

/** Sentence length: a run-on sentence, lengths that vary, or lengths that are all alike. */
export const sentencesRule: Rule = {
  id: "sentences",
  criterion: "language",
  applies: (a) => a.sentences.length > 0,
  observe(a) {
    const nS = a.sentences.length;
    const lens = a.sentenceLengths;
    let li = 0;
    lens.forEach((l, i) => {
      if (l > (lens[li] ?? 0)) li = i;
    });
    const longest = a.sentences[li]!;
    const longLen = lens[li] ?? 0;
    const shortest = Math.min(...lens);
    const u = (l: "en" | "zh-CN" | "zh-TW") => unit(a, l);
    if (longLen > longSentence(a)) {
      return {
        weight: -2,
        text: say(
          `The sentence beginning ${q(longest.text, "en", 40)} runs to ${longLen} ${u("en")}; break it into shorter sentences.`,
          `以${q(longest.text, "zh-CN", 15)}开头的句子长达${longLen}${u("zh-CN")}，建议拆分成几个短句。`,
          `以${q(longest.text, "zh-TW", 15)}開頭的句子長達${longLen}${u("zh-TW")}，建議拆分成幾個短句。`,
        ),
        evidence: { quote: truncate(longest.text, 80), note: `${longLen}`, start: longest.start, end: longest.end },
      };
    }
    if (nS < 4) return null;
    if ((a.f.sdSentLen ?? 0) >= (a.language === "zh" ? 10 : 5)) {
      return {
        weight: 1.5,
        text: say(
          `Sentence lengths vary from ${shortest} to ${longLen} ${u("en")} across ${nS} sentences, which keeps the reading lively.`,
          `${nS}个句子长短交错（${shortest}至${longLen}${u("zh-CN")}），读来有节奏感。`,
          `${nS}個句子長短交錯（${shortest}至${longLen}${u("zh-TW")}），讀來有節奏感。`,
        ),
        evidence: { note: `${shortest}-${longLen}` },
      };
    }
    // "similar length" quotes the middle half, not the extremes (one 4-word and one 42-word sentence are not similar)
    const sorted = [...lens].sort((x, y) => x - y);
    const lowQ = sorted[Math.floor((sorted.length - 1) / 4)] ?? shortest;
    const highQ = sorted[Math.ceil(((sorted.length - 1) * 3) / 4)] ?? longLen;
    return {
      weight: -1.5,
      text: say(
        `Most of the ${nS} sentences have a similar length (half of them ${lowQ}–${highQ} ${u("en")}); combine some and vary how sentences begin.`,
        `${nS}个句子长度相近（半数在${lowQ}至${highQ}${u("zh-CN")}之间），句式较单一，可适当变换。`,
        `${nS}個句子長度相近（半數在${lowQ}至${highQ}${u("zh-TW")}之間），句式較單一，可適當變換。`,
      ),
      evidence: { note: `${lowQ}-${highQ}` },
    };
  },
};
