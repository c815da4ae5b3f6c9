import { isPrimary, list, say } from "../say.ts";
import type { Rule } from "../types.ts";

/**
 * Less common words and idioms the essay uses (never numbers, counted things, negations or diminutives; see
 * `sophisticated` in features.ts). A primary pupil is praised for two good words, an older writer for three.
 */
export const vocabularyRule: Rule = {
  id: "vocabulary",
  criterion: "language",
  applies: (a) => a.length >= 30,
  observe(a) {
    const need = isPrimary(a) ? 2 : 3;
    const n = a.sophisticated.length;
    if (n >= need) {
      const ex = a.sophisticated.slice(0, 4);
      return {
        weight: 1 + Math.min(2, n / 4),
        text: say(
          `Precise, less common vocabulary such as ${list(ex, "en")}.`,
          `用词较为丰富，如${list(ex, "zh-CN")}。`,
          `用詞較為豐富，如${list(ex, "zh-TW")}。`,
        ),
        evidence: { quote: ex.join(", "), note: "vocabulary" },
      };
    }
    const zh = a.language === "zh";
    if (isPrimary(a)) {
      return {
        weight: -1,
        text: say(
          `The words are mostly everyday ones (${n} less common ${zh ? "expression" : "word"}${n === 1 ? "" : "s"}); try using good words you have learnt${zh ? ", such as four-character expressions" : ""}.`,
          `用词比较简单（${n}个${zh ? "四字词语或少见的词" : "较少见的词"}），可以用上平时积累的好词${zh ? "，如四字词语" : ""}。`,
          `用詞比較簡單（${n}個${zh ? "四字詞語或少見的詞" : "較少見的詞"}），可以用上平時積累的好詞${zh ? "，如四字詞語" : ""}。`,
        ),
        evidence: { note: `${n} less common words` },
      };
    }
    return {
      weight: -1.5,
      text: say(
        `The vocabulary stays with everyday words (only ${n} ${zh ? "four-character expression" : "less common word"}${n === 1 ? "" : "s"}); use more precise words for key ideas.`,
        `用词较为平淡（仅有${n}个${zh ? "四字词语" : "较少见的词"}），可多用准确生动的词语。`,
        `用詞較為平淡（僅有${n}個${zh ? "四字詞語" : "較少見的詞"}），可多用準確生動的詞語。`,
      ),
      evidence: { note: `${n} less common words` },
    };
  },
};
