import type { GrammarSlip } from "../../grammar.ts";
import { list, say, word } from "../say.ts";
import type { Rule } from "../types.ts";

const english = (a: { language: string }) => a.language === "en";

/** Misspelled words (Hunspell), or none in a text long enough to say so. */
export const spellingRule: Rule = {
  id: "spelling",
  criterion: "conventions",
  applies: english,
  observe(a) {
    const mis = a.misspelled;
    if (mis.length === 0) {
      if (a.length < 60) return null;
      return {
        weight: 2,
        text: say(
          `No spelling errors were found in ${a.length} words.`,
          `全文${a.length}词，未发现拼写错误。`,
          `全文${a.length}詞，未發現拼寫錯誤。`,
        ),
        evidence: { note: "0 misspellings" },
      };
    }
    const ex = [...new Set(mis.map((t) => t.text))].slice(0, 3);
    return {
      weight: -(1 + Math.min(4, (100 * mis.length) / Math.max(1, a.length))),
      text: say(
        `${mis.length} misspelling${mis.length > 1 ? "s" : ""} such as ${list(ex, "en")}.`,
        `有${mis.length}处拼写错误，如${list(ex, "zh-CN")}。`,
        `有${mis.length}處拼寫錯誤，如${list(ex, "zh-TW")}。`,
      ),
      evidence: { quote: ex.join(", "), note: `${mis.length} misspellings`, start: mis[0]!.start, end: mis[0]!.end },
    };
  },
};

/** Grammar slips of school writers ("he want", "could of", "Although …, but"); "alot" is already a misspelling. */
export const grammarSlipsRule: Rule = {
  id: "grammar-slips",
  criterion: "conventions",
  applies: english,
  observe(a) {
    const slips = a.grammar.filter((g) => g.rule !== "a-lot");
    if (slips.length === 0) return null;
    // a paired conjunction's slip is only ", but": show the sentence's opening word with it
    const shown = (g: GrammarSlip) => {
      const lead = g.rule === "although-but" ? "Although …" : g.rule === "because-so" ? "Because …" : "";
      return { from: `${lead}${g.original}`, to: `${lead}${g.suggested}` };
    };
    const examples = (lang: "en" | "zh-CN" | "zh-TW", arrow: string) =>
      [...new Set(slips.map((g) => `${word(shown(g).from, lang)}${arrow}${word(shown(g).to, lang)}`))].slice(0, 2);
    return {
      weight: -(1 + Math.min(2, slips.length / 2)),
      text: say(
        `${slips.length} grammar slip${slips.length > 1 ? "s" : ""} such as ${examples("en", " → ").join(", ")}.`,
        `有${slips.length}处语法错误，如${examples("zh-CN", "→").join("，")}。`,
        `有${slips.length}處語法錯誤，如${examples("zh-TW", "→").join("，")}。`,
      ),
      evidence: {
        quote: slips[0]!.original,
        note: `${slips.length} grammar slips`,
        start: slips[0]!.start,
        end: slips[0]!.end,
      },
    };
  },
};

/** Sentences starting in lower case and the pronoun "i". */
export const capitalsRule: Rule = {
  id: "capitals",
  criterion: "conventions",
  applies: english,
  observe(a) {
    const lowerI = Math.round((a.f.lowerIRate ?? 0) * a.length);
    const lowerStarts = Math.round((a.f.lowerStartRate ?? 0) * a.sentences.length);
    if (lowerI + lowerStarts === 0) return null;
    const en: string[] = [];
    const cn: string[] = [];
    const tw: string[] = [];
    if (lowerStarts > 0) {
      en.push(`${lowerStarts} sentence${lowerStarts === 1 ? " starts" : "s start"} with a lower-case letter`);
      cn.push(`有${lowerStarts}个句子首字母未大写`);
      tw.push(`有${lowerStarts}個句子首字母未大寫`);
    }
    if (lowerI > 0) {
      en.push(`the pronoun 'I' is written as 'i' ${lowerI} time${lowerI === 1 ? "" : "s"}`);
      cn.push(`代词 I 有${lowerI}处写成了小写 i`);
      tw.push(`代詞 I 有${lowerI}處寫成了小寫 i`);
    }
    const first = en.join(" and ");
    return {
      weight: -1 - Math.min(2, (lowerI + lowerStarts) / 4),
      text: say(`${first.charAt(0).toUpperCase()}${first.slice(1)}.`, `${cn.join("，")}。`, `${tw.join("，")}。`),
      evidence: { note: `${lowerStarts} lower-case starts, ${lowerI} 'i'` },
    };
  },
};
