import type { Analysis } from "./features.ts";
import type { GrammarSlip } from "./grammar.ts";
import { GRADE_BANDS } from "./rubric.ts";
import { ordinal, truncate } from "./text.ts";
import type { CriterionKey, Evidence, Feedback, FeedbackLanguage, GradeBand } from "./types.ts";

type L = FeedbackLanguage;

export interface Point {
  criterion: CriterionKey;
  /** Positive = strength, negative = improvement; magnitude = priority. */
  weight: number;
  text: Record<L, string>;
  evidence: Evidence;
}

const q = (s: string, lang: L, n = 50) => (lang === "en" ? `"${truncate(s, n)}"` : `“${truncate(s, n)}”`);
/** A word or phrase of the essay, quoted the way the feedback language quotes. */
const word = (x: string, lang: L) => (lang === "en" ? `'${x}'` : lang === "zh-TW" ? `「${x}」` : `“${x}”`);
const list = (xs: string[], lang: L) => xs.map((x) => word(x, lang)).join(lang === "en" ? ", " : "、");

function unit(a: Analysis, lang: L): string {
  if (a.language === "en") return lang === "en" ? "words" : lang === "zh-TW" ? "詞" : "词";
  return lang === "en" ? "characters" : "字";
}

/** Specific observations about this essay, each with a direction (strength or improvement). */
export function observations(a: Analysis): Point[] {
  const explicitTarget = true;
  const pts: Point[] = [];
  const isZh = a.language === "zh";
  const words = (l: L) => unit(a, l);
  const nS = a.sentences.length;

  // Length against the target
  const pct = Math.round((100 * a.length) / a.target);
  if (explicitTarget || isZh || a.length >= a.target * 0.9) {
    const pos = a.length >= a.target * 0.9;
    pts.push({
      criterion: "content",
      weight: pos ? 1.5 : a.length < a.target * 0.6 ? -4 : -2,
      text: {
        en: `The essay has ${a.length} ${words("en")} against a target of about ${a.target} (${pct}%)${pos ? "." : "; develop the ideas further to reach the target."}`,
        "zh-CN": `全文${a.length}${words("zh-CN")}，目标约${a.target}${words("zh-CN")}（${pct}%）${pos ? "，篇幅达标。" : "，内容还需展开充实。"}`,
        "zh-TW": `全文${a.length}${words("zh-TW")}，目標約${a.target}${words("zh-TW")}（${pct}%）${pos ? "，篇幅達標。" : "，內容還需展開充實。"}`,
      },
      evidence: { note: `${a.length}/${a.target}` },
    });
  }

  // Paragraphing
  const paras = a.paragraphs;
  if (a.hasLineBreaks && paras.length > 1) {
    const single = paras
      .map((p, i) => ({ p, i, s: a.sentences.filter((s) => s.start >= p.start && s.end <= p.end).length }))
      .filter((x) => x.s <= 1 && x.i > 0 && !(a.practical?.kind === "news" && a.practical.headline && x.i === 0));
    if (single.length > 0 && paras.length > 2) {
      const x = single[0]!;
      pts.push({
        criterion: "organisation",
        weight: -2,
        text: {
          en: `The ${ordinal(x.i + 1, "en")} paragraph is a single sentence (${q(x.p.text, "en", 40)}); develop it or merge it with its neighbour.`,
          "zh-CN": `${ordinal(x.i + 1, "zh-CN")}段只有一句话（${q(x.p.text, "zh-CN", 20)}），可以展开或与相邻段落合并。`,
          "zh-TW": `${ordinal(x.i + 1, "zh-TW")}段只有一句話（${q(x.p.text, "zh-TW", 20)}），可以展開或與相鄰段落合併。`,
        },
        evidence: { quote: truncate(x.p.text, 80), note: "single-sentence paragraph", start: x.p.start, end: x.p.end },
      });
    } else {
      pts.push({
        criterion: "organisation",
        weight: paras.length >= 3 ? 2 : 0.5,
        text: {
          en: `The text is divided into ${paras.length} paragraphs, each developing its point over several sentences.`,
          "zh-CN": `全文分为${paras.length}段，每段都有数句展开。`,
          "zh-TW": `全文分為${paras.length}段，每段都有數句展開。`,
        },
        evidence: { note: `${paras.length} paragraphs` },
      });
    }
  } else if (a.length > (isZh ? 250 : 150)) {
    pts.push({
      criterion: "organisation",
      weight: -2.5,
      text: {
        en: `All ${nS} sentences run on as a single block; split the text into paragraphs (introduction, body, conclusion).`,
        "zh-CN": `全文${nS}句连成一段，没有分段；请按开头、主体、结尾分段。`,
        "zh-TW": `全文${nS}句連成一段，沒有分段；請按開頭、主體、結尾分段。`,
      },
      evidence: { note: "no paragraph breaks" },
    });
  }

  // Sentence length and variety
  if (nS > 0) {
    let li = 0;
    a.sentenceLengths.forEach((l, i) => {
      if (l > (a.sentenceLengths[li] ?? 0)) li = i;
    });
    const longest = a.sentences[li]!;
    const longLen = a.sentenceLengths[li] ?? 0;
    const shortest = Math.min(...a.sentenceLengths);
    // "similar length" quotes the middle half, not the extremes (one 4-word and one 42-word sentence are not similar)
    const sorted = [...a.sentenceLengths].sort((x, y) => x - y);
    const lowQ = sorted[Math.floor((sorted.length - 1) / 4)] ?? shortest;
    const highQ = sorted[Math.ceil(((sorted.length - 1) * 3) / 4)] ?? longLen;
    if (longLen > (isZh ? 80 : 40)) {
      pts.push({
        criterion: "language",
        weight: -2,
        text: {
          en: `The sentence beginning ${q(longest.text, "en", 40)} runs to ${longLen} ${words("en")}; break it into shorter sentences.`,
          "zh-CN": `以${q(longest.text, "zh-CN", 15)}开头的句子长达${longLen}${words("zh-CN")}，建议拆分成几个短句。`,
          "zh-TW": `以${q(longest.text, "zh-TW", 15)}開頭的句子長達${longLen}${words("zh-TW")}，建議拆分成幾個短句。`,
        },
        evidence: { quote: truncate(longest.text, 80), note: `${longLen}`, start: longest.start, end: longest.end },
      });
    } else if (nS >= 4 && (a.f.sdSentLen ?? 0) >= (isZh ? 10 : 5)) {
      pts.push({
        criterion: "language",
        weight: 1.5,
        text: {
          en: `Sentence lengths vary from ${shortest} to ${longLen} ${words("en")} across ${nS} sentences, which keeps the reading lively.`,
          "zh-CN": `${nS}个句子长短交错（${shortest}至${longLen}${words("zh-CN")}），读来有节奏感。`,
          "zh-TW": `${nS}個句子長短交錯（${shortest}至${longLen}${words("zh-TW")}），讀來有節奏感。`,
        },
        evidence: { note: `${shortest}-${longLen}` },
      });
    } else if (nS >= 4) {
      pts.push({
        criterion: "language",
        weight: -1.5,
        text: {
          en: `Most of the ${nS} sentences have a similar length (half of them ${lowQ}–${highQ} ${words("en")}); combine some and vary how sentences begin.`,
          "zh-CN": `${nS}个句子长度相近（半数在${lowQ}至${highQ}${words("zh-CN")}之间），句式较单一，可适当变换。`,
          "zh-TW": `${nS}個句子長度相近（半數在${lowQ}至${highQ}${words("zh-TW")}之間），句式較單一，可適當變換。`,
        },
        evidence: { note: `${lowQ}-${highQ}` },
      });
    }
  }

  // Transitions
  const tr = a.transitions.map((t) => t.marker);
  const trTotal = a.transitions.reduce((s, t) => s + t.count, 0);
  if (tr.length >= 3) {
    pts.push({
      criterion: "organisation",
      weight: 1 + Math.min(2, tr.length / 3),
      text: {
        en: `Ideas are linked with ${list(tr.slice(0, 4), "en")} (${trTotal} linking words in all).`,
        "zh-CN": `使用了${list(tr.slice(0, 4), "zh-CN")}等关联词（共${trTotal}处），层次清楚。`,
        "zh-TW": `使用了${list(tr.slice(0, 4), "zh-TW")}等關聯詞（共${trTotal}處），層次清楚。`,
      },
      evidence: { note: tr.join(", ") },
    });
  } else if (nS >= 3) {
    const used = tr.length ? list(tr, "en") : "none";
    // suggested linking words are in the essay's language, whatever the feedback's
    const ideas = isZh ? ["首先", "例如", "因此"] : ["however", "for example", "as a result"];
    const ideasEn = isZh ? ideas.join(", ") : list(ideas, "en");
    const ideasZh = (lang: L) => ideas.map((x) => word(x, lang)).join("");
    pts.push({
      criterion: "organisation",
      weight: -2,
      text: {
        en:
          tr.length === 0
            ? `No linking words connect the ${nS} sentences; add transitions such as ${ideasEn}.`
            : `Only ${tr.length === 1 ? "one kind" : `${tr.length} kinds`} of linking word (${used}) connect${tr.length === 1 ? "s" : ""} the ${nS} sentences; add transitions such as ${ideasEn}.`,
        "zh-CN":
          tr.length === 0
            ? `${nS}个句子之间没有使用关联词，可加入${ideasZh("zh-CN")}等过渡词。`
            : `${nS}个句子之间只用了${tr.length}种关联词（${list(tr, "zh-CN")}），可加入${ideasZh("zh-CN")}等过渡词。`,
        "zh-TW":
          tr.length === 0
            ? `${nS}個句子之間沒有使用關聯詞，可加入${ideasZh("zh-TW")}等過渡詞。`
            : `${nS}個句子之間只用了${tr.length}種關聯詞（${list(tr, "zh-TW")}），可加入${ideasZh("zh-TW")}等過渡詞。`,
      },
      evidence: { note: used },
    });
  }

  // Spelling / wrong characters
  if (!isZh) {
    const mis = a.misspelled;
    const ex = [...new Set(mis.map((t) => t.text))].slice(0, 3);
    if (mis.length > 0) {
      pts.push({
        criterion: "conventions",
        weight: -(1 + Math.min(4, (100 * mis.length) / Math.max(1, a.length))),
        text: {
          en: `${mis.length} misspelling${mis.length > 1 ? "s" : ""} such as ${list(ex, "en")}.`,
          "zh-CN": `有${mis.length}处拼写错误，如${list(ex, "zh-CN")}。`,
          "zh-TW": `有${mis.length}處拼寫錯誤，如${list(ex, "zh-TW")}。`,
        },
        evidence: { quote: ex.join(", "), note: `${mis.length} misspellings`, start: mis[0]!.start, end: mis[0]!.end },
      });
    } else if (a.length >= 60) {
      pts.push({
        criterion: "conventions",
        weight: 2,
        text: {
          en: `No spelling errors were found in ${a.length} words.`,
          "zh-CN": `全文${a.length}词，未发现拼写错误。`,
          "zh-TW": `全文${a.length}詞，未發現拼寫錯誤。`,
        },
        evidence: { note: "0 misspellings" },
      });
    }
    // "alot" is already among the misspellings
    const slips = a.grammar.filter((g) => g.rule !== "a-lot");
    if (slips.length > 0) {
      // a paired conjunction's slip is only ", but": show the sentence's opening word with it
      const shown = (g: GrammarSlip) => {
        const lead = g.rule === "although-but" ? "Although …" : g.rule === "because-so" ? "Because …" : "";
        return { from: `${lead}${g.original}`, to: `${lead}${g.suggested}` };
      };
      const examples = (lang: L, arrow: string) =>
        [...new Set(slips.map((g) => `${word(shown(g).from, lang)}${arrow}${word(shown(g).to, lang)}`))].slice(0, 2);
      pts.push({
        criterion: "conventions",
        weight: -(1 + Math.min(2, slips.length / 2)),
        text: {
          en: `${slips.length} grammar slip${slips.length > 1 ? "s" : ""} such as ${examples("en", " → ").join(", ")}.`,
          "zh-CN": `有${slips.length}处语法错误，如${examples("zh-CN", "→").join("，")}。`,
          "zh-TW": `有${slips.length}處語法錯誤，如${examples("zh-TW", "→").join("，")}。`,
        },
        evidence: {
          quote: slips[0]!.original,
          note: `${slips.length} grammar slips`,
          start: slips[0]!.start,
          end: slips[0]!.end,
        },
      });
    }
    const lowerI = Math.round((a.f.lowerIRate ?? 0) * a.length);
    const lowerStarts = Math.round((a.f.lowerStartRate ?? 0) * nS);
    if (lowerI + lowerStarts > 0) {
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
      pts.push({
        criterion: "conventions",
        weight: -1 - Math.min(2, (lowerI + lowerStarts) / 4),
        text: {
          en: `${first.charAt(0).toUpperCase()}${first.slice(1)}.`,
          "zh-CN": `${cn.join("，")}。`,
          "zh-TW": `${tw.join("，")}。`,
        },
        evidence: { note: `${lowerStarts} lower-case starts, ${lowerI} 'i'` },
      });
    }
  } else {
    const wc = a.wrongChars;
    if (wc.length > 0) {
      // pinyin whose character the context does not tell is quoted as written
      const ex = wc.slice(0, 3).map((w) => (w.suggested === w.original ? w.original : `${w.original}→${w.suggested}`));
      pts.push({
        criterion: "conventions",
        weight: -(1.5 + Math.min(3, wc.length / 2)),
        text: {
          en: `${wc.length} likely wrong character${wc.length > 1 ? "s" : ""}, e.g. ${ex.join(", ")}.`,
          "zh-CN": `发现${wc.length}处疑似错别字，如${ex.join("、")}。`,
          "zh-TW": `發現${wc.length}處疑似錯別字，如${ex.join("、")}。`,
        },
        evidence: { quote: wc[0]!.original, note: ex.join(", "), start: wc[0]!.start, end: wc[0]!.end },
      });
    } else if (a.length >= 200) {
      pts.push({
        criterion: "conventions",
        weight: 1.5,
        text: {
          en: `No wrong characters were detected in ${a.length} characters.`,
          "zh-CN": `全文${a.length}字，未发现明显错别字。`,
          "zh-TW": `全文${a.length}字，未發現明顯錯別字。`,
        },
        evidence: { note: "0 wrong characters" },
      });
    }
    const ascii = Math.round(((a.f.asciiPunctRate ?? 0) * a.length) / 100);
    if (ascii > 0) {
      pts.push({
        criterion: "conventions",
        weight: -1,
        text: {
          en: `${ascii} half-width punctuation mark${ascii > 1 ? "s" : ""} (, . ;) appear inside Chinese sentences; use full-width marks (，。；).`,
          "zh-CN": `有${ascii}处在中文句子中使用了半角标点（, . ;），应改为全角标点（，。；）。`,
          "zh-TW": `有${ascii}處在中文句子中使用了半形標點（, . ;），應改為全形標點（，。；）。`,
        },
        evidence: { note: `${ascii} ascii punctuation` },
      });
    }
  }

  // Repetition
  const rep = a.repeated[0];
  if (rep && rep.count >= (isZh ? 8 : 6) && rep.count / Math.max(1, a.tokens.length) > (isZh ? 0.025 : 0.03)) {
    pts.push({
      criterion: "language",
      weight: -1.5,
      text: {
        en: `'${rep.word}' is used ${rep.count} times; vary it with synonyms or pronouns.`,
        "zh-CN": `“${rep.word}”出现了${rep.count}次，可换用近义词或代词。`,
        "zh-TW": `「${rep.word}」出現了${rep.count}次，可換用近義詞或代詞。`,
      },
      evidence: { quote: rep.word, note: `${rep.count}×` },
    });
  }

  // Vocabulary
  if (a.sophisticated.length >= 3) {
    const ex = a.sophisticated.slice(0, 4);
    pts.push({
      criterion: "language",
      weight: 1 + Math.min(2, a.sophisticated.length / 4),
      text: {
        en: `Precise, less common vocabulary such as ${list(ex, "en")}.`,
        "zh-CN": `用词较为丰富，如${list(ex, "zh-CN")}。`,
        "zh-TW": `用詞較為豐富，如${list(ex, "zh-TW")}。`,
      },
      evidence: { quote: ex.join(", "), note: "vocabulary" },
    });
  } else if (a.length >= 30) {
    pts.push({
      criterion: "language",
      weight: -1.5,
      text: {
        en: `The vocabulary stays with everyday words (only ${a.sophisticated.length} ${isZh ? "four-character expression" : "less common word"}${a.sophisticated.length === 1 ? "" : "s"}); use more precise words for key ideas.`,
        "zh-CN": `用词较为平淡（仅有${a.sophisticated.length}个${isZh ? "四字词语" : "较少见的词"}），可多用准确生动的词语。`,
        "zh-TW": `用詞較為平淡（僅有${a.sophisticated.length}個${isZh ? "四字詞語" : "較少見的詞"}），可多用準確生動的詞語。`,
      },
      evidence: { note: `${a.sophisticated.length} less common words` },
    });
  }

  // Relevance to the topic
  const cov = a.topicCovered.slice(0, 4);
  const miss = a.topicMissing.slice(0, 3);
  if (a.topicCovered.length + a.topicMissing.length > 0) {
    const share = a.topicCovered.length / (a.topicCovered.length + a.topicMissing.length);
    if (share >= 0.2 && cov.length > 0) {
      pts.push({
        criterion: "content",
        weight: 1 + share * 2,
        text: {
          en: `Stays on topic: the essay takes up the topic's key terms ${list(cov, "en")}.`,
          "zh-CN": `紧扣题目，文中回应了题目中的${list(cov, "zh-CN")}等关键词。`,
          "zh-TW": `緊扣題目，文中回應了題目中的${list(cov, "zh-TW")}等關鍵詞。`,
        },
        evidence: { quote: cov.join(", "), note: "topic terms covered" },
      });
    } else {
      pts.push({
        criterion: "content",
        weight: -2 - (1 - share) * 2,
        text: {
          en: `The essay barely addresses the topic: key terms such as ${list(miss, "en")} never appear.`,
          "zh-CN": `与题目联系不够紧密：题目中的${list(miss, "zh-CN")}等关键词在文中没有出现。`,
          "zh-TW": `與題目聯繫不夠緊密：題目中的${list(miss, "zh-TW")}等關鍵詞在文中沒有出現。`,
        },
        evidence: { quote: miss.join(", "), note: "topic terms missing" },
      });
    }
  }

  // Genre (news report)
  const g = a.practical?.kind === "news" ? a.practical : null;
  if (g) {
    if (g.headline) {
      pts.push({
        criterion: "content",
        weight: 1.5,
        text: {
          en: `The report opens with a headline, ${q(g.headline, "en")}.`,
          "zh-CN": `报道有标题${q(g.headline, "zh-CN")}。`,
          "zh-TW": `報導有標題${q(g.headline, "zh-TW")}。`,
        },
        evidence: { quote: g.headline, note: "headline" },
      });
    } else {
      const first = a.paragraphs[0]?.text ?? a.sentences[0]?.text ?? "";
      pts.push({
        criterion: "content",
        weight: -2,
        text: {
          en: `A news report needs a headline on its own line; the text starts straight away with ${q(first, "en", 40)}.`,
          "zh-CN": `新闻报道需要单独一行的标题，本文直接以${q(first, "zh-CN", 15)}开头。`,
          "zh-TW": `新聞報導需要單獨一行的標題，本文直接以${q(first, "zh-TW", 15)}開頭。`,
        },
        evidence: { quote: truncate(first, 80), note: "no headline" },
      });
    }
    const missing = ["who", "what", "when", "where", "why"].filter((w) => !g.leadWh.includes(w));
    const zhWh: Record<string, string> = { who: "何人", what: "何事", when: "何时", where: "何地", why: "为何" };
    const twWh: Record<string, string> = { who: "何人", what: "何事", when: "何時", where: "何地", why: "為何" };
    pts.push({
      criterion: "content",
      weight: missing.length <= 1 ? 1.5 : -1 - missing.length / 2,
      text:
        missing.length <= 1
          ? {
              en: `The lead answers ${g.leadWh.join(", ")}.`,
              "zh-CN": `导语交代了${g.leadWh.map((w) => zhWh[w]).join("、")}。`,
              "zh-TW": `導語交代了${g.leadWh.map((w) => twWh[w]).join("、")}。`,
            }
          : {
              en: `The lead does not say ${missing.join(", ")}; the first paragraph of a report should answer who, what, when, where and why.`,
              "zh-CN": `导语缺少${missing.map((w) => zhWh[w]).join("、")}；新闻导语应交代何人、何事、何时、何地、为何。`,
              "zh-TW": `導語缺少${missing.map((w) => twWh[w]).join("、")}；新聞導語應交代何人、何事、何時、何地、為何。`,
            },
      evidence: { note: `lead: ${g.leadWh.join(",") || "-"}` },
    });
    pts.push({
      criterion: "content",
      weight: g.quotations > 0 ? 1 : -1.5,
      text:
        g.quotations > 0
          ? {
              en: `${g.quotations} direct quotation${g.quotations > 1 ? "s" : ""} give the report a first-hand voice.`,
              "zh-CN": `有${g.quotations}处直接引语，增强了报道的真实感。`,
              "zh-TW": `有${g.quotations}處直接引語，增強了報導的真實感。`,
            }
          : {
              en: "The report quotes nobody; add a quotation from a participant or organiser.",
              "zh-CN": "报道中没有任何引语，可加入参与者或组织者的原话。",
              "zh-TW": "報導中沒有任何引語，可加入參與者或組織者的原話。",
            },
      evidence: { note: `${g.quotations} quotations` },
    });
    if (g.firstPerson >= 3) {
      pts.push({
        criterion: "content",
        weight: -1.5,
        text: {
          en: `The first person ('I', 'me', 'my') appears ${g.firstPerson} times; a news report keeps an objective third-person tone.`,
          "zh-CN": `文中“我”出现${g.firstPerson}次，新闻报道应保持客观的第三人称叙述。`,
          "zh-TW": `文中「我」出現${g.firstPerson}次，新聞報導應保持客觀的第三人稱敘述。`,
        },
        evidence: { note: `${g.firstPerson} first-person` },
      });
    }
  }
  return pts;
}

export function composeFeedback(
  a: Analysis,
  points: Point[],
  scores: { key: CriterionKey; label: string; score: number; max: number }[],
  total: number,
  band: GradeBand,
  lang: L,
): Feedback {
  const strengths = points
    .filter((p) => p.weight > 0)
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 3)
    .map((p) => p.text[lang]);
  const improvements = points
    .filter((p) => p.weight < 0)
    .sort((x, y) => x.weight - y.weight)
    .slice(0, 4)
    .map((p) => p.text[lang]);
  const rel = scores.map((s) => ({ ...s, r: s.score / s.max }));
  const best = [...rel].sort((x, y) => y.r - x.r)[0]!;
  const worst = [...rel].sort((x, y) => x.r - y.r)[0]!;
  const bandLabel = GRADE_BANDS.find((b) => b.band === band)!.label[lang];
  const first = a.paragraphs[0]?.text ?? a.sentences[0]?.text ?? "";
  const nP = a.hasLineBreaks ? a.paragraphs.length : 1;
  const u = unit(a, lang);
  const tie = best.r === worst.r;
  if (a.length === 0) {
    const msg = {
      en: `${total}/40 (${bandLabel}). There is no essay text to grade.`,
      "zh-CN": `${total}/40（${bandLabel}）。没有可评分的作文内容。`,
      "zh-TW": `${total}/40（${bandLabel}）。沒有可評分的作文內容。`,
    };
    return { overall: msg[lang], strengths: [], improvements: [] };
  }
  const overall =
    lang === "en"
      ? `${total}/40 (${bandLabel}). This ${a.length}-${u.replace(/s$/, "")} essay in ${nP} paragraph${nP > 1 ? "s" : ""} and ${a.sentences.length} sentence${a.sentences.length === 1 ? "" : "s"}, opening with ${q(first, "en", 40)}, ${tie ? `scores ${Math.round(100 * best.r)}% on every criterion.` : `is strongest in ${best.label.toLowerCase()} (${best.score}/${best.max}) and weakest in ${worst.label.toLowerCase()} (${worst.score}/${worst.max}).`}`
      : lang === "zh-CN"
        ? `${total}/40（${bandLabel}）。本文共${a.length}${u}、${nP}段、${a.sentences.length}句，以${q(first, lang, 15)}开篇；${tie ? `各项得分率均为${Math.round(100 * best.r)}%。` : `${best.label}最好（${best.score}/${best.max}），${worst.label}最需加强（${worst.score}/${worst.max}）。`}`
        : `${total}/40（${bandLabel}）。本文共${a.length}${u}、${nP}段、${a.sentences.length}句，以${q(first, lang, 15)}開篇；${tie ? `各項得分率均為${Math.round(100 * best.r)}%。` : `${best.label}最好（${best.score}/${best.max}），${worst.label}最需加強（${worst.score}/${worst.max}）。`}`;
  // nothing stood out: say what is true of this essay rather than leave the list empty
  const firstLower = (a.sentences[0]?.text ?? first).toLowerCase();
  if (strengths.length === 0 && first && a.topicCovered.some((w) => firstLower.includes(w.toLowerCase()))) {
    strengths.push(
      lang === "en"
        ? `The opening sentence ${q(first, "en")} states what the essay is about.`
        : lang === "zh-CN"
          ? `开头一句${q(first, lang, 20)}点明了文章内容。`
          : `開頭一句${q(first, lang, 20)}點明了文章內容。`,
    );
  } else if (strengths.length === 0 && !tie) {
    strengths.push(
      lang === "en"
        ? `${best.label} is the essay's relatively strongest area (${best.score}/${best.max}); build on it.`
        : lang === "zh-CN"
          ? `${best.label}是本文相对最好的一项（${best.score}/${best.max}），可在此基础上继续提高。`
          : `${best.label}是本文相對最好的一項（${best.score}/${best.max}），可在此基礎上繼續提高。`,
    );
  }
  return { overall, strengths, improvements };
}
