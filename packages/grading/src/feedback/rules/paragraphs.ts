import { ordinal, truncate } from "../../text.ts";
import { isLowerPrimary, isStory, q, say } from "../say.ts";
import type { Rule } from "../types.ts";

/**
 * Paragraphing, when the text shows it (a text without line breaks has unknown paragraphs and gets no remark).
 * Not for 写话 (grades 1–2). The advice follows the genre: a story is split by its course (beginning, events, end),
 * an argument by its reasoning.
 */
export const paragraphsRule: Rule = {
  id: "paragraphs",
  criterion: "organisation",
  applies: (a) => a.hasLineBreaks && !isLowerPrimary(a),
  observe(a) {
    const paras = a.paragraphs;
    const headline = a.practical?.kind === "news" && a.practical.headline ? 1 : 0;
    const body = paras.length - headline;
    if (body <= 1) {
      if (a.length <= (a.language === "zh" ? 250 : 150)) return null;
      const n = a.sentences.length;
      return {
        weight: -2.5,
        text: isStory(a)
          ? say(
              `All ${n} sentences run on as one block; start a new paragraph where the story moves on (beginning, events, ending).`,
              `全文${n}句连成一段；可以按事情的经过分段（开头、经过、结尾）。`,
              `全文${n}句連成一段；可以按事情的經過分段（開頭、經過、結尾）。`,
            )
          : say(
              `All ${n} sentences run on as a single block; split the text into paragraphs (introduction, body, conclusion).`,
              `全文${n}句连成一段，没有分段；请按开头、主体、结尾分段。`,
              `全文${n}句連成一段，沒有分段；請按開頭、主體、結尾分段。`,
            ),
        evidence: { note: "no paragraph breaks" },
      };
    }
    const single = paras
      .map((p, i) => ({ p, i, s: a.sentences.filter((s) => s.start >= p.start && s.end <= p.end).length }))
      .filter((x) => x.s <= 1 && x.i >= headline + 1 && x.i < paras.length - 1);
    if (single.length > 0 && body > 2) {
      const x = single[0]!;
      return {
        weight: -2,
        text: say(
          `The ${ordinal(x.i + 1, "en")} paragraph is a single sentence (${q(x.p.text, "en", 40)}); develop it or merge it with its neighbour.`,
          `${ordinal(x.i + 1, "zh-CN")}段只有一句话（${q(x.p.text, "zh-CN", 20)}），可以展开或与相邻段落合并。`,
          `${ordinal(x.i + 1, "zh-TW")}段只有一句話（${q(x.p.text, "zh-TW", 20)}），可以展開或與相鄰段落合併。`,
        ),
        evidence: { quote: truncate(x.p.text, 80), note: "single-sentence paragraph", start: x.p.start, end: x.p.end },
      };
    }
    return {
      weight: body >= 3 ? 2 : 0.5,
      text: say(
        `The text is divided into ${body} paragraphs, each developing its point over several sentences.`,
        `全文分为${body}段，每段都有数句展开。`,
        `全文分為${body}段，每段都有數句展開。`,
      ),
      evidence: { note: `${body} paragraphs` },
    };
  },
};
