import { say, word } from "../say.ts";
import type { Rule } from "../types.ts";

/** One content word used over and over. */
export const repetitionRule: Rule = {
  id: "repetition",
  criterion: "language",
  observe(a) {
    const rep = a.repeated[0];
    const zh = a.language === "zh";
    if (!rep || rep.count < (zh ? 8 : 6) || rep.count / Math.max(1, a.tokens.length) <= (zh ? 0.025 : 0.03)) {
      return null;
    }
    return {
      weight: -1.5,
      text: say(
        `${word(rep.word, "en")} is used ${rep.count} times; vary it with synonyms or pronouns.`,
        `${word(rep.word, "zh-CN")}出现了${rep.count}次，可换用近义词或代词。`,
        `${word(rep.word, "zh-TW")}出現了${rep.count}次，可換用近義詞或代詞。`,
      ),
      evidence: { quote: rep.word, note: `${rep.count}×` },
    };
  },
};
