import type { ZhIssue } from "../../zh.ts";
import { isPrimary, say } from "../say.ts";
import type { Rule } from "../types.ts";

const chinese = (a: { language: string }) => a.language === "zh";
const isPinyin = (w: ZhIssue) => w.reason === "pinyin" || w.reason === "pinyin-unclear";

/** Likely wrong characters (not pinyin: see pinyinRule), or none in a text long enough to say so. */
export const wrongCharsRule: Rule = {
  id: "wrong-chars",
  criterion: "conventions",
  applies: chinese,
  observe(a) {
    const wc = a.wrongChars.filter((w) => !isPinyin(w));
    const pinyin = a.wrongChars.length - wc.length;
    if (wc.length === 0) {
      if (pinyin > 0 || a.length < (isPrimary(a) ? 150 : 200)) return null;
      return {
        weight: 1.5,
        text: say(
          `No wrong characters were detected in ${a.length} characters.`,
          `全文${a.length}字，未发现明显错别字。`,
          `全文${a.length}字，未發現明顯錯別字。`,
        ),
        evidence: { note: "0 wrong characters" },
      };
    }
    const ex = wc.slice(0, 3).map((w) => `${w.original}→${w.suggested}`);
    return {
      weight: -(1.5 + Math.min(3, wc.length / 2)),
      text: say(
        `${wc.length} likely wrong character${wc.length > 1 ? "s" : ""}, e.g. ${ex.join(", ")}.`,
        `发现${wc.length}处疑似错别字，如${ex.join("、")}。`,
        `發現${wc.length}處疑似錯別字，如${ex.join("、")}。`,
      ),
      evidence: { quote: wc[0]!.original, note: ex.join(", "), start: wc[0]!.start, end: wc[0]!.end },
    };
  },
};

/**
 * Pinyin written for a character ("gao兴"). A primary pupil does this for characters not learnt yet: named as
 * such, and gently; an older student is told plainly.
 */
export const pinyinRule: Rule = {
  id: "pinyin",
  criterion: "conventions",
  applies: chinese,
  observe(a) {
    const py = a.wrongChars.filter(isPinyin);
    if (py.length === 0) return null;
    // pinyin whose character the context does not tell is quoted as written
    const ex = py.slice(0, 3).map((w) => (w.suggested === w.original ? w.original : `${w.original}→${w.suggested}`));
    const young = isPrimary(a);
    return {
      weight: young ? -(1 + Math.min(2, py.length / 4)) : -(1.5 + Math.min(3, py.length / 2)),
      text: young
        ? say(
            `${py.length} character${py.length > 1 ? "s are" : " is"} written in pinyin (e.g. ${ex.join(", ")}); look them up and learn to write them.`,
            `有${py.length}处用拼音代替了汉字（如${ex.join("、")}），可以查查字典，学会写这些字。`,
            `有${py.length}處用拼音代替了漢字（如${ex.join("、")}），可以查查字典，學會寫這些字。`,
          )
        : say(
            `${py.length} word${py.length > 1 ? "s are" : " is"} written in pinyin instead of characters (e.g. ${ex.join(", ")}).`,
            `有${py.length}处用拼音代替汉字（如${ex.join("、")}），应写成汉字。`,
            `有${py.length}處用拼音代替漢字（如${ex.join("、")}），應寫成漢字。`,
          ),
      evidence: { quote: py[0]!.original, note: ex.join(", "), start: py[0]!.start, end: py[0]!.end },
    };
  },
};

/** Half-width punctuation inside Chinese sentences. */
export const punctuationRule: Rule = {
  id: "punctuation",
  criterion: "conventions",
  applies: chinese,
  observe(a) {
    const ascii = Math.round(((a.f.asciiPunctRate ?? 0) * a.length) / 100);
    if (ascii === 0) return null;
    return {
      weight: -1,
      text: say(
        `${ascii} half-width punctuation mark${ascii > 1 ? "s" : ""} (, . ;) appear inside Chinese sentences; use full-width marks (，。；).`,
        `有${ascii}处在中文句子中使用了半角标点（, . ;），应改为全角标点（，。；）。`,
        `有${ascii}處在中文句子中使用了半形標點（, . ;），應改為全形標點（，。；）。`,
      ),
      evidence: { note: `${ascii} ascii punctuation` },
    };
  },
};
