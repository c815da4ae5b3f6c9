import { levelName, say, unit } from "../say.ts";
import type { Rule } from "../types.ts";

/**
 * Length against the target: the teacher's or the topic's ("目标约500字"), else the level's usual length ("三年级
 * 习作一般约250字"). A level's length is a guide, not a requirement, so falling a little short of it is not remarked on.
 */
export const lengthRule: Rule = {
  id: "length",
  criterion: "content",
  observe(a) {
    const ratio = a.length / a.target;
    const pct = Math.round(100 * ratio);
    const given = a.targetSource === "given";
    const weight =
      ratio >= 0.9 ? 1.5 : ratio < 0.6 ? (given ? -4 : -3) : ratio < 0.8 ? (given ? -2 : -1.5) : given ? -1 : 0;
    if (weight === 0) return null;
    const enough = weight > 0;
    const n = a.length;
    const t = a.target;
    const u = (l: "en" | "zh-CN" | "zh-TW") => unit(a, l);
    let text: ReturnType<typeof say>;
    if (a.targetSource === "class") {
      text = say(
        `The essay has ${n} ${u("en")}; the class's essays on this task run to about ${t} (${pct}%)${enough ? "." : ": develop the ideas further."}`,
        `全文${n}${u("zh-CN")}，这次习作全班一般约${t}${u("zh-CN")}（${pct}%）${enough ? "，篇幅合适。" : "，内容还可以写得更具体、更充实。"}`,
        `全文${n}${u("zh-TW")}，這次習作全班一般約${t}${u("zh-TW")}（${pct}%）${enough ? "，篇幅合適。" : "，內容還可以寫得更具體、更充實。"}`,
      );
    } else if (!given && a.year !== undefined) {
      const lv = levelName(a.year);
      text = say(
        `The essay has ${n} ${u("en")}; ${lv.en} essays usually run to about ${t} (${pct}%)${enough ? "." : ": develop the ideas further."}`,
        `全文${n}${u("zh-CN")}，${lv["zh-CN"]}的习作一般约${t}${u("zh-CN")}（${pct}%）${enough ? "，篇幅合适。" : "，内容还可以写得更具体、更充实。"}`,
        `全文${n}${u("zh-TW")}，${lv["zh-TW"]}的習作一般約${t}${u("zh-TW")}（${pct}%）${enough ? "，篇幅合適。" : "，內容還可以寫得更具體、更充實。"}`,
      );
    } else {
      text = say(
        `The essay has ${n} ${u("en")} against a target of about ${t} (${pct}%)${enough ? "." : "; develop the ideas further to reach the target."}`,
        `全文${n}${u("zh-CN")}，目标约${t}${u("zh-CN")}（${pct}%）${enough ? "，篇幅达标。" : "，内容还需展开充实。"}`,
        `全文${n}${u("zh-TW")}，目標約${t}${u("zh-TW")}（${pct}%）${enough ? "，篇幅達標。" : "，內容還需展開充實。"}`,
      );
    }
    return { weight, text, evidence: { note: `${n}/${t}` } };
  },
};
