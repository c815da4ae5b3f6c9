import { isLowerPrimary, isStory, list, say, word } from "../say.ts";
import type { Rule } from "../types.ts";

/**
 * Linking words. A story is held together by words of time and sequence (后来、接着、最后; then, after that,
 * finally), an argument or explanation by logical connectors (首先、例如、因此; however, for example, as a result):
 * the suggestion follows the genre, in the essay's language whatever the feedback's.
 */
export const transitionsRule: Rule = {
  id: "transitions",
  criterion: "organisation",
  applies: (a) => a.sentences.length >= 3,
  observe(a) {
    const tr = a.transitions.map((t) => t.marker);
    const total = a.transitions.reduce((s, t) => s + t.count, 0);
    const nS = a.sentences.length;
    if (tr.length >= 3) {
      return {
        weight: 1 + Math.min(2, tr.length / 3),
        text: say(
          `Ideas are linked with ${list(tr.slice(0, 4), "en")} (${total} linking words in all).`,
          `使用了${list(tr.slice(0, 4), "zh-CN")}等关联词（共${total}处），层次清楚。`,
          `使用了${list(tr.slice(0, 4), "zh-TW")}等關聯詞（共${total}處），層次清楚。`,
        ),
        evidence: { note: tr.join(", ") },
      };
    }
    if (isLowerPrimary(a)) return null;
    const story = isStory(a);
    const ideas =
      a.language === "zh"
        ? story
          ? ["后来", "接着", "最后"]
          : ["首先", "例如", "因此"]
        : story
          ? ["then", "after that", "finally"]
          : ["however", "for example", "as a result"];
    const ideasEn = a.language === "zh" ? ideas.join(", ") : list(ideas, "en");
    const ideasZh = (lang: "zh-CN" | "zh-TW") => ideas.map((x) => word(x, lang)).join("");
    const used = tr.length ? list(tr, "en") : "none";
    return {
      weight: -2,
      text:
        tr.length === 0
          ? say(
              `No linking words connect the ${nS} sentences; add ${story ? "words that show the order of events" : "transitions"} such as ${ideasEn}.`,
              `${nS}个句子之间没有使用关联词，可加入${ideasZh("zh-CN")}等${story ? "表示先后顺序的" : "过渡"}词。`,
              `${nS}個句子之間沒有使用關聯詞，可加入${ideasZh("zh-TW")}等${story ? "表示先後順序的" : "過渡"}詞。`,
            )
          : say(
              `Only ${tr.length === 1 ? "one kind" : `${tr.length} kinds`} of linking word (${used}) connect${tr.length === 1 ? "s" : ""} the ${nS} sentences; add ${story ? "words that show the order of events" : "transitions"} such as ${ideasEn}.`,
              `${nS}个句子之间只用了${tr.length}种关联词（${list(tr, "zh-CN")}），可加入${ideasZh("zh-CN")}等${story ? "表示先后顺序的" : "过渡"}词。`,
              `${nS}個句子之間只用了${tr.length}種關聯詞（${list(tr, "zh-TW")}），可加入${ideasZh("zh-TW")}等${story ? "表示先後順序的" : "過渡"}詞。`,
            ),
      evidence: { note: used },
    };
  },
};
