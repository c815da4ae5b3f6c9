import { ZH_FEELINGS, ZH_FIGURES } from "../../craft.ts";
import type { Analysis } from "../../features.ts";
import { isPrimary, list, q, say } from "../say.ts";
import type { Rule } from "../types.ts";

// What each essay genre is judged on beyond the general rules: a story's dialogue and feelings, a description's
// images and senses, an argument's position, examples and conclusion, an explanation's order. Each rule applies to
// its own genre only.

const textOf = (a: Analysis) => a.paragraphs.map((p) => p.text).join("\n");
const distinct = (xs: string[]) => [...new Set(xs)];

const QUOTED = { zh: /“[^”]{2,}”|「[^」]{2,}」/g, en: /"[^"\n]{3,}"|“[^”]{3,}”/g };

export const dialogueRule: Rule = {
  id: "narrative-dialogue",
  criterion: "content",
  applies: (a) => a.genre === "narrative",
  observe(a) {
    // Chinese: the craft elements the primary score counts (quoted, or after 说：), so note and score agree
    const quotes = a.craft ? a.craft.dialogue : (textOf(a).match(QUOTED[a.language]) ?? []);
    if (quotes.length > 0) {
      const said = quotes[0]!.replace(/^([说說想问問喊叫道][:：]\s*)?[“"「]?|[”"」]$/g, "");
      return {
        weight: 1.2,
        text: say(
          `What people say (${q(quotes[0]!, "en", 30)}) brings the story to life.`,
          `用上了人物的语言（${q(said, "zh-CN", 18)}），故事更生动。`,
          `用上了人物的語言（${q(said, "zh-TW", 18)}），故事更生動。`,
        ),
        evidence: { quote: quotes[0]!, note: `${quotes.length} quoted speech` },
      };
    }
    if (!isPrimary(a) || a.length < (a.language === "zh" ? 100 : 60)) return null;
    return {
      weight: -1,
      text: say(
        "Let the people in the story speak: write down what they said, in quotation marks.",
        "可以写写人物说了什么（用上冒号和引号），故事会更生动。",
        "可以寫寫人物說了什麼（用上冒號和引號），故事會更生動。",
      ),
      evidence: { note: "no dialogue" },
    };
  },
};

const FEELINGS = {
  zh: ZH_FEELINGS,
  en: /\b(felt|feel|happy|sad|scared|afraid|excited|nervous|worried|proud|realized|realised|learned|learnt|ashamed|relieved)\b/gi,
};

export const feelingsRule: Rule = {
  id: "narrative-feelings",
  criterion: "content",
  applies: (a) => a.genre === "narrative",
  observe(a) {
    const found = distinct((textOf(a).match(FEELINGS[a.language]) ?? []).map((w) => w.toLowerCase()));
    if (found.length >= 2) {
      const ex = found.slice(0, 3);
      return {
        weight: 1,
        text: say(
          `The story says how it felt (${list(ex, "en")}).`,
          `写出了自己的感受（${list(ex, "zh-CN")}）。`,
          `寫出了自己的感受（${list(ex, "zh-TW")}）。`,
        ),
        evidence: { quote: ex.join(", "), note: "feelings" },
      };
    }
    if (found.length > 0 || a.length < (a.language === "zh" ? 100 : 60)) return null;
    return {
      weight: -1,
      text: say(
        "Tell the reader how you felt and what you thought at the time.",
        "可以写写自己当时的心情和想法。",
        "可以寫寫自己當時的心情和想法。",
      ),
      evidence: { note: "no feelings" },
    };
  },
};

const FIGURES = {
  zh: new RegExp(ZH_FIGURES.source),
  en: /\b(like an? \w+|as if|as though|as \w+ as an? \w+)\b/i,
};

export const imagesRule: Rule = {
  id: "descriptive-images",
  criterion: "language",
  applies: (a) => a.genre === "descriptive" || a.genre === "narrative",
  observe(a) {
    const re = FIGURES[a.language];
    const found = textOf(a).match(new RegExp(re.source, `${re.flags}g`)) ?? [];
    if (found.length > 0) {
      const shown = a.sentences.find((x) => re.test(x.text))?.text ?? found[0]!;
      return {
        weight: 1.2,
        text: say(
          `A comparison makes the picture vivid: ${q(shown, "en", 40)}.`,
          `用了比喻，写得形象：${q(shown, "zh-CN", 20)}。`,
          `用了比喻，寫得形象：${q(shown, "zh-TW", 20)}。`,
        ),
        evidence: { quote: shown, note: `${found.length} comparisons` },
      };
    }
    if (a.genre !== "descriptive" || a.length < (a.language === "zh" ? 120 : 60)) return null;
    return {
      weight: -1,
      text: say(
        "Try a comparison (it looked like …) to help the reader see what you describe.",
        "可以用上比喻、拟人等方法（如“……像……一样”），把景物写得更生动。",
        "可以用上比喻、擬人等方法（如「……像……一樣」），把景物寫得更生動。",
      ),
      evidence: { note: "no comparisons" },
    };
  },
};

const SENSES: Record<"zh" | "en", [string, RegExp][]> = {
  zh: [
    ["看", /看|望|瞧|颜色|顏色/],
    ["听", /听|聽|声音|聲音/],
    ["闻", /闻|聞|香味|气味|氣味/],
    ["摸", /摸|软软|軟軟|硬硬|滑滑/],
    ["尝", /尝|嘗|甜|酸|苦/],
  ],
  en: [
    ["sight", /\b(saw|see|looked|colou?r)\b/i],
    ["sound", /\b(heard|hear|sound|noise)\b/i],
    ["smell", /\b(smell|smelled|smelt)\b/i],
    ["touch", /\b(touch|touched|soft|rough|smooth)\b/i],
    ["taste", /\b(taste|tasted|sweet|sour|bitter)\b/i],
  ],
};

export const sensesRule: Rule = {
  id: "descriptive-senses",
  criterion: "content",
  applies: (a) => a.genre === "descriptive",
  observe(a) {
    const text = textOf(a);
    const used = SENSES[a.language].filter(([, re]) => re.test(text)).map(([k]) => k);
    if (used.length < 2) return null;
    return {
      weight: 1,
      text: say(
        `The description uses several senses (${used.join(", ")}).`,
        `从${used.map((k) => `“${k}”`).join("、")}等不同感官来写，描写具体。`,
        `從${used.map((k) => `「${k}」`).join("、")}等不同感官來寫，描寫具體。`,
      ),
      evidence: { note: used.join(",") },
    };
  },
};

const POSITION = {
  zh: /我认为|我認為|我觉得|我覺得|我的观点|我的觀點|我主张|我主張|应该|應該|必须|必須/,
  en: /\b(I think|I believe|in my opinion|I agree|I disagree|should|must|I feel that)\b/i,
};

export const positionRule: Rule = {
  id: "argument-position",
  criterion: "content",
  applies: (a) => a.genre === "argumentative",
  observe(a) {
    const opening = a.sentences.slice(0, 3).find((s) => POSITION[a.language].test(s.text));
    if (opening) {
      return {
        weight: 1.5,
        text: say(
          `The position is stated at the start: ${q(opening.text, "en", 50)}.`,
          `开头亮明观点：${q(opening.text, "zh-CN", 25)}。`,
          `開頭亮明觀點：${q(opening.text, "zh-TW", 25)}。`,
        ),
        evidence: { quote: opening.text, note: "position", start: opening.start, end: opening.end },
      };
    }
    if (a.sentences.some((s) => POSITION[a.language].test(s.text))) return null;
    return {
      weight: -1.5,
      text: say(
        "State your own position clearly, early in the essay (I believe …).",
        "要在开头明确提出自己的观点（如“我认为……”）。",
        "要在開頭明確提出自己的觀點（如「我認為……」）。",
      ),
      evidence: { note: "no position" },
    };
  },
};

const EXAMPLES = {
  zh: /例如|比如|譬如|正如|就拿|以[^，。]{1,10}为例|以[^，。]{1,10}為例/g,
  en: /\b(for example|for instance|such as)\b/gi,
};

export const examplesRule: Rule = {
  id: "argument-examples",
  criterion: "content",
  applies: (a) => a.genre === "argumentative" || a.genre === "expository",
  observe(a) {
    const n = (textOf(a).match(EXAMPLES[a.language]) ?? []).length;
    if (n > 0) {
      return {
        weight: 1 + Math.min(1, n / 3),
        text: say(
          `${n} example${n > 1 ? "s" : ""} support${n > 1 ? "" : "s"} the points.`,
          `用了${n}处举例（例如、比如……）来支撑观点。`,
          `用了${n}處舉例（例如、比如……）來支撐觀點。`,
        ),
        evidence: { note: `${n} examples` },
      };
    }
    if (a.length < (a.language === "zh" ? 200 : 100)) return null;
    return {
      weight: -1.5,
      text: say(
        "Support the points with examples (for example, for instance).",
        "可以举具体的例子（例如、比如）来说明观点。",
        "可以舉具體的例子（例如、比如）來說明觀點。",
      ),
      evidence: { note: "no examples" },
    };
  },
};

const CONCLUSION = {
  zh: /总之|總之|总而言之|總而言之|综上|綜上|由此可见|由此可見|因此|所以/,
  en: /\b(in conclusion|to sum up|in summary|overall|therefore|that is why)\b/i,
};

export const conclusionRule: Rule = {
  id: "argument-conclusion",
  criterion: "organisation",
  applies: (a) => a.genre === "argumentative",
  observe(a) {
    const end = a.sentences.slice(-3).find((s) => CONCLUSION[a.language].test(s.text));
    if (end) {
      return {
        weight: 1,
        text: say(
          `The ending draws the conclusion: ${q(end.text, "en", 50)}.`,
          `结尾总结全文：${q(end.text, "zh-CN", 25)}。`,
          `結尾總結全文：${q(end.text, "zh-TW", 25)}。`,
        ),
        evidence: { quote: end.text, note: "conclusion", start: end.start, end: end.end },
      };
    }
    if (a.length < (a.language === "zh" ? 300 : 150)) return null;
    return {
      weight: -1,
      text: say(
        "End with a conclusion that restates your position (In conclusion, …).",
        "结尾要总结全文、呼应观点（如“总之，……”）。",
        "結尾要總結全文、呼應觀點（如「總之，……」）。",
      ),
      evidence: { note: "no conclusion" },
    };
  },
};

const ORDER = {
  zh: /首先|其次|然后|然後|最后|最後|第一|第二|接着|接著/g,
  en: /\b(first|firstly|second|secondly|next|then|finally|lastly)\b/gi,
};

export const orderRule: Rule = {
  id: "expository-order",
  criterion: "organisation",
  applies: (a) => a.genre === "expository",
  observe(a) {
    const found = distinct((textOf(a).match(ORDER[a.language]) ?? []).map((w) => w.toLowerCase()));
    if (found.length >= 2) {
      return {
        weight: 1,
        text: say(
          `The explanation goes in order (${list(found.slice(0, 3), "en")}).`,
          `按顺序说明（${list(found.slice(0, 3), "zh-CN")}），条理清楚。`,
          `按順序說明（${list(found.slice(0, 3), "zh-TW")}），條理清楚。`,
        ),
        evidence: { note: found.join(",") },
      };
    }
    return null;
  },
};

/** Primary stories and descriptions (Chinese), the craft elements the score counts: see craft.ts, adjustments.ts. */
const primaryCraft = (a: Analysis) =>
  a.craft !== null && isPrimary(a) && (a.genre === "narrative" || a.genre === "descriptive");

export const endingRule: Rule = {
  id: "primary-ending",
  criterion: "organisation",
  applies: primaryCraft,
  observe(a) {
    const last = a.sentences.at(-1);
    if (a.craft!.ending && last) {
      return {
        weight: 1,
        text: say(
          `The piece has a proper ending: ${q(last.text, "en", 40)}.`,
          `有头有尾，结尾写出了结果或感受：${q(last.text, "zh-CN", 20)}。`,
          `有頭有尾，結尾寫出了結果或感受：${q(last.text, "zh-TW", 20)}。`,
        ),
        evidence: { quote: last.text, note: "ending", start: last.start, end: last.end },
      };
    }
    if (a.length < 100) return null;
    return {
      weight: -1,
      text: say(
        "Give it an ending: how it turned out, or how you feel about it.",
        "可以加一个结尾，写写事情的结果或自己的感受。",
        "可以加一個結尾，寫寫事情的結果或自己的感受。",
      ),
      evidence: { note: "no ending" },
    };
  },
};

export const vividRule: Rule = {
  id: "primary-vivid-words",
  criterion: "language",
  applies: primaryCraft,
  observe(a) {
    const found = a.craft!.vivid.slice(0, 3);
    if (found.length === 0) return null;
    return {
      weight: 1,
      text: say(
        `Doubled words make it vivid (${list(found, "en")}).`,
        `用上了${list(found, "zh-CN")}这样的叠词，写得生动。`,
        `用上了${list(found, "zh-TW")}這樣的疊詞，寫得生動。`,
      ),
      evidence: { quote: found.join("、"), note: "doubled words" },
    };
  },
};
