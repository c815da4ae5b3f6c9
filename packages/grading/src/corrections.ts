import { detectScript } from "@essay/lang";
import { applyReadingEvidence } from "./evidence.ts";
import { type GrammarRule, grammarSlips } from "./grammar.ts";
import { LEARNER_MISSPELLINGS, plausibleMisspelling } from "./learner.ts";
import { damerau, englishSpeller, isMisspelled, spellingCandidates } from "./resources.ts";
import { detectLanguage, englishTokens, isLikelyProperNoun } from "./text.ts";
import type {
  CorrectionSuggestion,
  FeedbackLanguage,
  SuggestionEvidence,
  SuggestionKind,
  SuggestOptions,
} from "./types.ts";
import { type ZhReason, zhWrongCharacters } from "./zh.ts";

type ReasonKey =
  | "spelling"
  | "ocr-shape"
  | "article-an"
  | "article-a"
  | "doubled"
  | "lower-i"
  | "capital"
  | "space-punct"
  | GrammarRule
  | ZhReason;

const REASONS: Record<ReasonKey, Record<FeedbackLanguage, (o: string, s: string) => string>> = {
  spelling: {
    en: (o, s) => `'${o}' is not an English word; did you mean '${s}'?`,
    "zh-CN": (o, s) => `“${o}”拼写有误，应为“${s}”。`,
    "zh-TW": (o, s) => `「${o}」拼寫有誤，應為「${s}」。`,
  },
  "ocr-shape": {
    en: (o, s) => `'${o}' looks like a misreading of the handwriting for '${s}' (similar letter shapes).`,
    "zh-CN": (o, s) => `“${o}”可能是手写识别错误，字形相近的“${s}”更合理。`,
    "zh-TW": (o, s) => `「${o}」可能是手寫辨識錯誤，字形相近的「${s}」更合理。`,
  },
  "article-an": {
    en: (o, s) => `Use 'an' before a vowel sound: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `元音前应用 an：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `母音前應用 an：「${o}」→「${s}」。`,
  },
  "article-a": {
    en: (o, s) => `Use 'a' before a consonant sound: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `辅音前应用 a：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `子音前應用 a：「${o}」→「${s}」。`,
  },
  doubled: {
    en: (o) => `The word '${o.split(/\s+/)[0]}' is written twice.`,
    "zh-CN": (o) => `“${o.split(/\s+/)[0]}”重复写了两次。`,
    "zh-TW": (o) => `「${o.split(/\s+/)[0]}」重複寫了兩次。`,
  },
  "lower-i": {
    en: () => "The pronoun 'I' is always a capital letter.",
    "zh-CN": () => "代词 I 必须大写。",
    "zh-TW": () => "代詞 I 必須大寫。",
  },
  capital: {
    en: (o, s) => `A sentence starts with a capital letter: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `句首字母应大写：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `句首字母應大寫：「${o}」→「${s}」。`,
  },
  "space-punct": {
    en: () => "No space before a punctuation mark.",
    "zh-CN": () => "标点符号前不应有空格。",
    "zh-TW": () => "標點符號前不應有空格。",
  },
  "modal-of": {
    en: (o, s) => `After could / should / would / must / might comes 'have', not 'of': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `情态动词后应接 have，不是 of：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `情態動詞後應接 have，不是 of：「${o}」→「${s}」。`,
  },
  agreement: {
    en: (o, s) => `The verb does not agree with its subject: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `主谓不一致：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `主謂不一致：「${o}」→「${s}」。`,
  },
  "base-after-auxiliary": {
    en: (o, s) => `After an auxiliary such as do, can or will the verb takes its plain form: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `助动词后应接动词原形：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `助動詞後應接動詞原形：「${o}」→「${s}」。`,
  },
  "double-comparative": {
    en: (o, s) => `'${s}' is already a comparative or superlative; drop 'more' / 'most': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `“${s}”本身已是比较级或最高级，不需再加 more / most：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `「${s}」本身已是比較級或最高級，不需再加 more / most：「${o}」→「${s}」。`,
  },
  "than-then": {
    en: (o, s) => `Comparisons use 'than', not 'then': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `比较时用 than，不用 then：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `比較時用 than，不用 then：「${o}」→「${s}」。`,
  },
  "there-their": {
    en: (o, s) => `'there' (a place; "there is") and 'their' (belonging to them) are mixed up: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `there（那里；there is）与 their（他们的）混用：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `there（那裡；there is）與 their（他們的）混用：「${o}」→「${s}」。`,
  },
  "its-it-is": {
    en: (o, s) => `'it's' means 'it is'; 'its' means 'belonging to it': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `it's 是 it is 的缩写，its 意为“它的”：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `it's 是 it is 的縮寫，its 意為「它的」：「${o}」→「${s}」。`,
  },
  "your-you-are": {
    en: (o, s) => `'you're' means 'you are'; 'your' means 'belonging to you': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `you're 是 you are 的缩写，your 意为“你的”：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `you're 是 you are 的縮寫，your 意為「你的」：「${o}」→「${s}」。`,
  },
  "although-but": {
    en: () => "'Although' and 'but' both join the same two clauses; keep only one of them.",
    "zh-CN": () => "although 与 but 不能连用，保留其中一个即可。",
    "zh-TW": () => "although 與 but 不能連用，保留其中一個即可。",
  },
  "because-so": {
    en: () => "'Because' and 'so' both join the same two clauses; keep only one of them.",
    "zh-CN": () => "because 与 so 不能连用，保留其中一个即可。",
    "zh-TW": () => "because 與 so 不能連用，保留其中一個即可。",
  },
  "be-agree": {
    en: (o, s) => `'agree' is a verb and needs no 'am / is / are': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `agree 是动词，前面不用 be 动词：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `agree 是動詞，前面不用 be 動詞：「${o}」→「${s}」。`,
  },
  "there-have": {
    en: (o, s) => `To say that something exists, use 'there is / there are', not 'there has / have': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `表示“有”要用 there be 句型，不用 there have：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `表示「有」要用 there be 句型，不用 there have：「${o}」→「${s}」。`,
  },
  "very-verb": {
    en: (o, s) => `'very' cannot stand before a verb: '${o}' → '${s}' (or '… very much').`,
    "zh-CN": (o, s) => `very 不能直接修饰动词：“${o}”→“${s}”（或用 … very much）。`,
    "zh-TW": (o, s) => `very 不能直接修飾動詞：「${o}」→「${s}」（或用 … very much）。`,
  },
  "to-ing": {
    en: (o, s) => `After 'look forward to' the verb takes -ing: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `look forward to 中的 to 是介词，后接动名词：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `look forward to 中的 to 是介詞，後接動名詞：「${o}」→「${s}」。`,
  },
  "needless-preposition": {
    en: (o, s) => `'${s}' takes its object directly, without a preposition: '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `“${s}”后直接接宾语，不需要介词：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `「${s}」後直接接受詞，不需要介詞：「${o}」→「${s}」。`,
  },
  "make-to": {
    en: (o, s) => `After make / let + object the verb has no 'to': '${o}' → '${s}'.`,
    "zh-CN": (o, s) => `make / let 后接宾语再接动词原形，不带 to：“${o}”→“${s}”。`,
    "zh-TW": (o, s) => `make / let 後接受詞再接動詞原形，不帶 to：「${o}」→「${s}」。`,
  },
  "a-lot": {
    en: () => "'a lot' is written as two words.",
    "zh-CN": () => "a lot 应分开写成两个词。",
    "zh-TW": () => "a lot 應分開寫成兩個詞。",
  },
  phrase: {
    en: (o, s) => `Wrong character: '${o}' should be '${s}' in this word.`,
    "zh-CN": (o, s) => `错别字：此处应为“${s}”，不是“${o}”。`,
    "zh-TW": (o, s) => `錯別字：此處應為「${s}」，不是「${o}」。`,
  },
  "de-adverb": {
    en: () => "Before a verb the adverbial particle is 地, not 的.",
    "zh-CN": () => "修饰动词的状语后应用“地”，不用“的”。",
    "zh-TW": () => "修飾動詞的狀語後應用「地」，不用「的」。",
  },
  "de-complement": {
    en: () => "After a verb, before a complement of degree, the particle is 得, not 的.",
    "zh-CN": () => "动词后接补语时应用“得”，不用“的”。",
    "zh-TW": () => "動詞後接補語時應用「得」，不用「的」。",
  },
  zai: {
    en: (o, s) => `'${o}' should probably be '${s}' here.`,
    "zh-CN": (o, s) => `此处“${o}”应为“${s}”。`,
    "zh-TW": (o, s) => `此處「${o}」應為「${s}」。`,
  },
  lookalike: {
    en: (o, s) => `'${o}' does not fit here; the similar-looking '${s}' forms a word (likely a misreading).`,
    "zh-CN": (o, s) => `“${o}”在此不通，字形相近的“${s}”能组成词语，可能是识别错误。`,
    "zh-TW": (o, s) => `「${o}」在此不通，字形相近的「${s}」能組成詞語，可能是辨識錯誤。`,
  },
  soundalike: {
    en: (o, s) => `'${o}' is a sound-alike of '${s}', which fits this context.`,
    "zh-CN": (o, s) => `“${o}”与“${s}”音近，此处应为“${s}”。`,
    "zh-TW": (o, s) => `「${o}」與「${s}」音近，此處應為「${s}」。`,
  },
  pinyin: {
    en: (o, s) => `Pinyin '${o}' was written for a character; write '${s}'.`,
    "zh-CN": (o, s) => `写了拼音 ${o}，应写作「${s}」。`,
    "zh-TW": (o, s) => `寫了拼音 ${o}，應寫作「${s}」。`,
  },
  "pinyin-unclear": {
    en: (o) => `Pinyin '${o}' was written for a character; the context does not say clearly which one.`,
    "zh-CN": (o) => `写了拼音 ${o}，应写成汉字（上下文不足以确定是哪个字）。`,
    "zh-TW": (o) => `寫了拼音 ${o}，應寫成漢字（上下文不足以確定是哪個字）。`,
  },
};

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATION = /(\b(e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|a\.m|p\.m|approx)|\b[A-Za-z])\.$/i;

/** Letter sequences that handwriting recognition confuses (wrong reading → plausible reading). */
const OCR_SHAPES: [string, string][] = [
  ["rn", "m"],
  ["m", "rn"],
  ["cl", "d"],
  ["d", "cl"],
  ["vv", "w"],
  ["li", "h"],
  ["h", "li"],
  ["0", "o"],
  ["1", "l"],
  ["1", "i"],
  ["5", "s"],
  ["8", "B"],
  ["u", "v"],
  ["v", "u"],
  ["a", "o"],
  ["o", "a"],
  ["e", "c"],
  ["c", "e"],
  ["n", "h"],
  ["h", "n"],
  ["l", "t"],
  ["t", "l"],
  ["i", "l"],
  ["l", "i"],
];

const STRONG_SHAPES = new Set(["rn", "cl", "vv", "li", "0", "1", "5", "8"]);

/**
 * If one shape substitution turns a non-word into a dictionary word, return that word, and whether the
 * substitution is a strong OCR signature (rn→m, cl→d, digits inside a word) rather than a one-letter look-alike.
 */
function ocrReading(token: string): { word: string; strong: boolean } | null {
  const sp = englishSpeller();
  const lower = token.toLowerCase();
  if (/[0-9]/.test(lower) && /[a-z]/.test(lower)) {
    const fixed = lower.replace(/0/g, "o").replace(/1/g, "l").replace(/5/g, "s");
    if (sp.correct(fixed)) return { word: fixed, strong: true };
  }
  const found: { word: string; strong: boolean }[] = [];
  for (const [from, to] of OCR_SHAPES) {
    let i = lower.indexOf(from);
    while (i >= 0) {
      const cand = lower.slice(0, i) + to + lower.slice(i + from.length);
      if (cand.length > 1 && sp.correct(cand)) found.push({ word: cand, strong: STRONG_SHAPES.has(from) });
      i = lower.indexOf(from, i + 1);
    }
  }
  return found.find((f) => f.strong) ?? found[0] ?? null;
}

function matchFirstCase(orig: string, word: string): string {
  return orig[0] === orig[0]?.toUpperCase() && orig[0] !== orig[0]?.toLowerCase()
    ? word.charAt(0).toUpperCase() + word.slice(1)
    : word;
}

function reasonText(key: ReasonKey, lang: FeedbackLanguage, o: string, s: string): string {
  return REASONS[key][lang](o, s);
}

const VOWEL_SOUND_EXCEPTIONS_A = /^(uni|use|usu|uti|eu|one|once|ur)/i; // "a university", "a one-off"
const SILENT_H = /^(hour|honest|honou?r|heir)/i;

function englishSuggestions(text: string, lang: FeedbackLanguage): CorrectionSuggestion[] {
  const out: CorrectionSuggestion[] = [];
  const add = (
    start: number,
    end: number,
    suggested: string,
    key: ReasonKey,
    confidence: number,
    kind: SuggestionKind,
    evidence: SuggestionEvidence = "learner-slip",
  ) => {
    const original = text.slice(start, end);
    out.push({
      original,
      suggested,
      reason: reasonText(key, lang, original, suggested),
      confidence: Math.round(confidence * 100) / 100,
      start,
      end,
      kind,
      evidence,
      rule: key,
    });
  };
  const slips = grammarSlips(text);
  for (const g of slips) add(g.start, g.end, g.suggested, g.rule, g.confidence, "student");
  // a word inside a grammar slip ("alot") gets that suggestion, not a spelling one as well
  const inSlip = (t: { start: number; end: number }) => slips.some((g) => t.start < g.end && g.start < t.end);
  const tokens = englishTokens(text);
  for (const [i, t] of tokens.entries()) {
    const next = tokens[i + 1];
    // a / an
    if (next && (t.lower === "a" || t.lower === "an") && text.slice(t.end, next.start).trim() === "") {
      const vowel =
        (/^[aeiou]/i.test(next.text) && !VOWEL_SOUND_EXCEPTIONS_A.test(next.text)) || SILENT_H.test(next.text);
      if (t.lower === "a" && vowel && /^[A-Za-z]/.test(next.text))
        add(t.start, t.end, t.text === "A" ? "An" : "an", "article-an", 0.85, "student");
      if (t.lower === "an" && !vowel && /^[A-Za-z]/.test(next.text) && !/^[A-Z]{2,}/.test(next.text))
        add(t.start, t.end, t.text === "An" ? "A" : "a", "article-a", 0.8, "student");
    }
    // doubled words
    if (
      next &&
      t.lower === next.lower &&
      /^[a-z]+$/i.test(t.text) &&
      text.slice(t.end, next.start).trim() === "" &&
      t.lower !== "had" &&
      t.lower !== "that"
    ) {
      add(t.start, next.end, t.text, "doubled", 0.85, "student");
    }
    // lower-case i
    if (t.text === "i" || /^i'(m|ve|ll|d)$/.test(t.text)) {
      add(t.start, t.end, `I${t.text.slice(1)}`, "lower-i", 0.95, "student");
      continue;
    }
    // a word hyphenated across a handwritten line break ("con-" / "ference") is checked whole
    const prev = tokens[i - 1];
    const joinsNext = next && /^-[ \t]*\r?\n\s*$/.test(text.slice(t.end, next.start));
    const joinsPrev = prev && /^-[ \t]*\r?\n\s*$/.test(text.slice(prev.end, t.start));
    if (joinsNext && !isMisspelled(t.text + next.text)) continue;
    if (joinsPrev && !isMisspelled(prev.text + t.text)) continue;
    // spelling / OCR
    if (
      /^[A-Za-z']+$/.test(t.text.replace(/[0-9]/g, "")) &&
      ((!isLikelyProperNoun(text, t.start, t.text) && isMisspelled(t.text)) ||
        /[A-Za-z][0-9]|[0-9][A-Za-z]/.test(t.text))
    ) {
      if (t.text.startsWith("@") || inSlip(t)) continue;
      const cands = spellingCandidates(t.text);
      const ocr = ocrReading(t.text);
      const best = cands[0];
      const learner = LEARNER_MISSPELLINGS[t.lower];
      const withAlternatives = () => {
        const alts = cands.slice(1, 4).map((c) => c.word);
        if (alts.length) out[out.length - 1]!.alternatives = alts;
      };
      if (learner) {
        add(t.start, t.end, matchFirstCase(t.text, learner), "spelling", 0.9, "student");
      } else if (ocr && (ocr.strong || !best || best.word.toLowerCase() === ocr.word)) {
        // a letter-shape swap (rn→m, cl→d, 0→o) that makes a word is the recogniser's
        add(
          t.start,
          t.end,
          matchFirstCase(t.text, ocr.word),
          "ocr-shape",
          ocr.strong ? 0.75 : 0.55,
          "ocr",
          "letter-shape",
        );
      } else if (best && plausibleMisspelling(t.text, best.word)) {
        add(t.start, t.end, best.word, "spelling", best.score, "student");
        withAlternatives();
      } else if (best && damerau(t.lower, best.word.toLowerCase()) <= 2) {
        // not a spelling a student writes (PyK0n, implEit, lncel): a misreading, if anything
        add(t.start, t.end, best.word, "ocr-shape", Math.min(0.5, best.score), "ocr", "implausible-string");
        withAlternatives();
      }
    }
  }
  // sentence-initial lower case
  const re = /(^|[.!?]\s+)([a-z][a-z]*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const w = m[2]!;
    const start = m.index + m[1]!.length;
    const before = text.slice(Math.max(0, m.index - 6), m.index + 1);
    if (w === "i" || out.some((o) => o.start === start) || ABBREVIATION.test(before)) continue;
    add(start, start + w.length, w.charAt(0).toUpperCase() + w.slice(1), "capital", 0.7, "student");
  }
  const sp = / +([,.;:!?])/g;
  for (let m = sp.exec(text); m; m = sp.exec(text))
    add(m.index, m.index + m[0].length, m[1]!, "space-punct", 0.6, "student");
  return out;
}

/** Suggest corrections for OCR misreadings and students' own errors (English or Chinese). */
export function suggestCorrections(
  text: string,
  options: SuggestOptions = {},
): { suggestions: CorrectionSuggestion[] } {
  const language = options.language ?? detectLanguage(text);
  const lang = options.feedbackLanguage ?? (language === "zh" ? "zh-CN" : "en");
  const limit = options.limit ?? 200;
  let suggestions: CorrectionSuggestion[];
  if (language === "zh") {
    const script = options.feedbackLanguage === "zh-TW" ? detectScript(text, "Hant") : detectScript(text);
    suggestions = zhWrongCharacters(text, script).map((z) => ({
      original: z.original,
      suggested: z.suggested,
      reason: reasonText(z.reason, lang, z.original, z.suggested),
      confidence: z.confidence,
      start: z.start,
      end: z.end,
      kind: z.kind,
      evidence:
        z.kind === "student" ? "learner-slip" : z.reason.startsWith("pinyin") ? "implausible-string" : "letter-shape",
      rule: z.reason,
      ...(z.alternatives?.length ? { alternatives: z.alternatives } : {}),
    }));
  } else {
    suggestions = englishSuggestions(text, lang);
  }
  suggestions = applyReadingEvidence(suggestions, options.readings);
  suggestions.sort((a, b) => a.start - b.start || b.confidence - a.confidence);
  return { suggestions: suggestions.slice(0, limit) };
}
