import { levelTargetLength, type TSchoolYear, targetLengthFromTopic } from "@essay/contract";
import { classTarget } from "./cohort.ts";
import { type Craft, zhCraft } from "./craft.ts";
import { withoutDismissed } from "./dismissed.ts";
import { type Genre, type PracticalChecks, practicalChecks, resolveGenre } from "./genre.ts";
import { type GrammarSlip, grammarSlips } from "./grammar.ts";
import { looksLikeRecognitionGarbage } from "./learner.ts";
import { FITTING_YEAR } from "./level.ts";
import type { TaskKind } from "./model.ts";
import { chineseLexicon, englishRank, isMisspelled } from "./resources.ts";
import {
  chineseWords,
  englishTokens,
  hanCount,
  isLikelyProperNoun,
  mean,
  paragraphs,
  type Span,
  sd,
  sentences,
  type Token,
  unwrapLines,
} from "./text.ts";
import type { DismissedSuggestion, EssayLanguage } from "./types.ts";
import { type ZhIssue, zhWrongCharacters } from "./zh.ts";

export interface Analysis {
  language: EssayLanguage;
  /** Words (English) or Han characters (Chinese). */
  length: number;
  target: number;
  paragraphs: Span[];
  /** Whether the text carries line breaks at all (if not, paragraphing is unknown). */
  hasLineBreaks: boolean;
  sentences: Span[];
  sentenceLengths: number[];
  tokens: Token[];
  misspelled: Token[];
  wrongChars: ZhIssue[];
  /** English grammar slips ("he want", "could of"); empty for Chinese. */
  grammar: GrammarSlip[];
  transitions: { marker: string; count: number }[];
  topicCovered: string[];
  topicMissing: string[];
  repeated: { word: string; count: number }[];
  sophisticated: string[];
  /** The genre the essay is judged as (the teacher's, the topic's, or the level's usual one; see resolveGenre). */
  genre: Genre;
  /** Checks of a practical genre's parts (news report, letter, notice); null for the essay genres. */
  practical: PracticalChecks | null;
  /** Kind of task the topic sets (a response to a source text, or an essay). */
  task: TaskKind;
  /** The writers' school year, when known. */
  year: TSchoolYear | undefined;
  /**
   * Whether the target length was given (by the teacher or the topic), is the level's, or the level's moved towards
   * the length of the class's texts (classTarget).
   */
  targetSource: "given" | "level" | "class";
  /** What a primary teacher rewards in a story or description (Chinese; null for English): see craft.ts. */
  craft: Craft | null;
  /** Numeric features used by the scoring model. */
  f: Record<string, number>;
}

export const EN_STOP = new Set(
  "a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those there their they them he she his her him we our us you your i me my mine do does did have has had not no so than then too very can could will would should may might must just also about into over after before up down out more most some any all each other such only own same which who whom what when where why how because while during both few again further once here s t don".split(
    " ",
  ),
);

const EN_TRANSITIONS = [
  "first",
  "firstly",
  "second",
  "secondly",
  "third",
  "finally",
  "in conclusion",
  "to conclude",
  "in summary",
  "however",
  "moreover",
  "furthermore",
  "in addition",
  "additionally",
  "therefore",
  "thus",
  "consequently",
  "as a result",
  "for example",
  "for instance",
  "on the other hand",
  "in contrast",
  "nevertheless",
  "although",
  "even though",
  "meanwhile",
  "afterwards",
  "then",
  "next",
  "besides",
  "similarly",
  "likewise",
  "instead",
  "overall",
  "in fact",
  "because",
  "since",
  "whereas",
  "hence",
  "also",
  "lastly",
  "to sum up",
];

const ZH_TRANSITIONS = [
  "首先",
  "其次",
  "再次",
  "然后",
  "接着",
  "最后",
  "因此",
  "所以",
  "因为",
  "但是",
  "然而",
  "可是",
  "不过",
  "总之",
  "综上所述",
  "总而言之",
  "例如",
  "比如",
  "譬如",
  "另外",
  "此外",
  "而且",
  "并且",
  "不仅",
  "同时",
  "于是",
  "可见",
  "由此可见",
  "换言之",
  "正如",
  "虽然",
  "尽管",
  "即使",
  "如果",
  "只有",
  "只要",
  "无论",
  "其实",
  "当然",
  "相反",
  "首先",
  "況且",
  "況且",
  "況且",
  "况且",
  "總之",
  "然後",
  "因為",
  "所以",
  "雖然",
  "儘管",
  "另外",
  "綜上所述",
];

const ZH_FUNCTION = new Set(
  "的 了 是 在 我 你 他 她 它 们 我们 你们 他们 这 那 和 与 也 都 就 还 又 不 有 一个 一 个 着 过 把 被 让 给 对 从 到 为 而 及 之 其 所 以 于 很 更 最 吗 呢 吧 啊 呀 么 什么 怎么 这样 那样 这个 那个 自己 没有 可以 因为 所以 但是 如果 我的 你的 他的 她的 它的 我们的 我們的".split(
    " ",
  ),
);

/** Words of task instructions that say nothing about the topic itself. */
const EN_INSTRUCTION = new Set(
  "write writing written essay letter report response respond explain describe include including support answer answers words word paragraph paragraphs headline lead facts quotations quotation quote newspaper readers reader persuade opinion story article text passage excerpt author based specific relevant information example examples state about recent local conclusion conclude your essay's least most make sure task using short long brief news title topic around approximately following below above given discuss choose".split(
    " ",
  ),
);
const ZH_INSTRUCTION = new Set(
  "为题 题目 题为 写 写一篇 一篇 作文 文章 要求 字数 不少 不少于 左右 约 新闻 报道 新聞 報導 校报 校報 标题 標題 导语 導語 交代 时间 時間 地点 地點 人物 事件 原因 引用 参与者 參與者 的话 的話 文体 文體 自选 角度 立意 自拟 自擬 题目自拟 以上 材料 阅读 閱讀 根据 根據 不得 抄袭 套作 字以上".split(
    " ",
  ),
);

export interface AnalyzeOptions {
  text: string;
  topic: string;
  language: EssayLanguage;
  /** Target length given by the teacher; else the one the topic names, else the level's (levelTargetLength). */
  targetLength?: number;
  /** School year (1–12) of the writers; without it the fitting data's year is assumed (ASAP grade 8, Chinese 11). */
  year?: TSchoolYear;
  genre?: Genre;
  /** Suggestions the teacher dismissed: not counted as errors. */
  dismissed?: DismissedSuggestion[];
  /** Median length of the assignment's other texts (cohortLength): moves a level's expected length far from it. */
  cohortLength?: number;
}

export function stem(w: string): string {
  let s = w.toLowerCase();
  for (const suf of ["ing", "ed", "es", "s", "ly", "er", "ers", "ion", "ions"]) {
    if (s.length > suf.length + 3 && s.endsWith(suf)) {
      s = s.slice(0, -suf.length);
      break;
    }
  }
  return s.slice(0, 6);
}

/** Moving-average type-token ratio (window w), robust to length. */
function mattr(words: string[], w = 40): number {
  if (words.length === 0) return 0;
  if (words.length <= w) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let types = 0;
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    const c = counts.get(a) ?? 0;
    if (c === 0) types++;
    counts.set(a, c + 1);
    if (i >= w) {
      const b = words[i - w]!;
      const cb = counts.get(b)! - 1;
      counts.set(b, cb);
      if (cb === 0) types--;
    }
    if (i >= w - 1) sum += types / w;
  }
  return sum / (words.length - w + 1);
}

function countOccurrences(haystack: string, needle: string, wordBoundary: boolean): number {
  if (!needle) return 0;
  if (wordBoundary) {
    const re = new RegExp(`\\b${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "gi");
    return haystack.match(re)?.length ?? 0;
  }
  let n = 0;
  let i = haystack.indexOf(needle);
  while (i >= 0) {
    n++;
    i = haystack.indexOf(needle, i + needle.length);
  }
  return n;
}

/**
 * A topic that asks for a response to a reading (a story, excerpt, memoir, article, passage or poem the student
 * has read; "the author", "source text") sets a short source-based answer; anything else is an essay. Chinese
 * topics are always essays (材料作文 too).
 */
export function taskKind(topic: string, language: EssayLanguage): TaskKind {
  if (language === "zh") return "essay";
  return /\b(source text|the (story|excerpt|memoir|article|passage|poem|text|author|narrator)|from the (essay|reading))\b/i.test(
    topic,
  )
    ? "source"
    : "essay";
}

/** Features of an essay; handwritten line wraps are joined first (`unwrapLines`), evidence offsets refer to that text. */
export function analyze(opts: AnalyzeOptions): Analysis {
  const o = { ...opts, text: unwrapLines(opts.text) };
  const task = taskKind(o.topic, o.language);
  const year = o.year ?? FITTING_YEAR[o.language];
  const genre = resolveGenre(o.genre, o.topic, o.language, o.year, task);
  // the teacher's target, else the length the topic names ("约500字", "about 120 words"), else the level's
  const named = o.targetLength ?? targetLengthFromTopic(o.topic);
  const level = levelTargetLength(o.language, year, genre, task === "source");
  const fromClass = classTarget(level, o.cohortLength);
  const target = named ?? fromClass;
  const a = o.language === "zh" ? analyzeZhReading(o, target) : analyzeEn(o, target);
  return {
    ...a,
    // paragraphing is known when the text as written has line breaks, even if they all join into one paragraph
    hasLineBreaks: /\n/.test(opts.text.trim()),
    target,
    genre,
    practical: practicalChecks(genre, o.text, a.paragraphs, a.sentences, o.language),
    task,
    year: o.year,
    targetSource: named !== undefined ? "given" : fromClass !== level ? "class" : "level",
    craft:
      o.language === "zh"
        ? zhCraft(
            o.text,
            a.sentences.map((x) => x.text),
          )
        : null,
  };
}

type Measured = Omit<Analysis, "target" | "genre" | "practical" | "task" | "year" | "targetSource" | "craft">;

function topRepeated(
  words: string[],
  stop: (w: string) => boolean,
  minCount: number,
): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const w of words) if (!stop(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .filter(([, c]) => c >= minCount)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([word, count]) => ({ word, count }));
}

function analyzeEn({ text, topic, dismissed }: AnalyzeOptions, target: number): Measured {
  const paras = paragraphs(text);
  const sents = sentences(text, "en");
  const tokens = englishTokens(text).filter((t) => /[A-Za-z]/.test(t.text) || /\d/.test(t.text));
  const words = tokens.filter((t) => !t.text.startsWith("@"));
  const n = tokens.length;
  const lower = words.map((t) => t.lower);
  const sentLens = sents.map((s) => englishTokens(s.text).length);
  // recognition garbage left in the text (implEit, lncel) is not the student's spelling
  const misspelled = withoutDismissed(
    words
      .filter((t) => /^[A-Za-z']+$/.test(t.text) && !isLikelyProperNoun(text, t.start, t.text) && isMisspelled(t.text))
      .filter((t) => !looksLikeRecognitionGarbage(t.text))
      .map((t) => ({ ...t, original: t.text })),
    dismissed,
  );
  const content = lower.filter((w) => !EN_STOP.has(w) && w.length > 2);
  const ranksOf = content.map((w) => englishRank(w));
  const topicSet = new Set(englishTokens(topic).map((t) => stem(t.lower)));
  const baseRank = (w: string, r: number) => {
    if (r <= 3000) return r;
    for (const suf of ["s", "es", "ed", "d", "ing", "ly"]) {
      if (w.length > suf.length + 2 && w.endsWith(suf)) r = Math.min(r, englishRank(w.slice(0, -suf.length)));
    }
    return r;
  };
  const rare = content.filter((w, i) => baseRank(w, ranksOf[i] ?? 0) > 3000);
  const lowerText = text.toLowerCase();
  const transitions = EN_TRANSITIONS.map((m) => ({ marker: m, count: countOccurrences(lowerText, m, true) })).filter(
    (x) => x.count > 0,
  );
  const trCount = transitions.reduce((a, b) => a + b.count, 0);
  // topic relevance
  const topicWords = [
    ...new Set(
      englishTokens(topic)
        .map((t) => t.lower)
        .filter((w) => !EN_STOP.has(w) && !EN_INSTRUCTION.has(w) && w.length > 3 && !w.startsWith("@")),
    ),
  ];
  const essayStems = new Set(content.map(stem));
  const topicCovered = topicWords.filter((w) => essayStems.has(stem(w)));
  const topicMissing = topicWords.filter((w) => !essayStems.has(stem(w)));
  const topicStems = new Set(topicWords.map(stem));
  const onTopicShare = content.length ? content.filter((w) => topicStems.has(stem(w))).length / content.length : 0;
  const repeated = topRepeated(content, () => false, 4);
  const topRep = repeated[0]?.count ?? 0;
  // bigram repetition
  const bigrams = new Map<string, number>();
  for (let i = 1; i < lower.length; i++) {
    const b = `${lower[i - 1]} ${lower[i]}`;
    bigrams.set(b, (bigrams.get(b) ?? 0) + 1);
  }
  const repBigrams = [...bigrams.values()].filter((c) => c > 1).reduce((a, c) => a + c - 1, 0);
  const lowerStarts = sents.filter((s) => /^[a-z]/.test(s.text)).length;
  const lowerI = (text.match(/\bi\b/g) ?? []).length;
  const commas = (text.match(/,/g) ?? []).length;
  const apostrophes = (text.match(/\b\w+'(s|t|re|ve|ll|d|m)\b/gi) ?? []).length;
  const questions = (text.match(/\?/g) ?? []).length;
  const exclaims = (text.match(/!/g) ?? []).length;
  const long = words.filter((t) => t.text.length >= 7).length;
  // examples of vocabulary to praise: words of 4+ letters, not numbers, contractions ("wouldn't") or fragments ("non")
  const sophisticated = [
    ...new Set(rare.filter((w) => /^[a-z][a-z-]{3,}$/i.test(w) && !isMisspelled(w) && !topicSet.has(stem(w)))),
  ].slice(0, 8);
  const nw = Math.max(1, n);
  const ns = Math.max(1, sents.length);
  const properNouns = tokens.filter(
    (t, i) =>
      t.text.startsWith("@") ||
      (i > 0 &&
        /^[A-Z][a-z]+/.test(t.text) &&
        !/[.!?]\s*$/.test(text.slice(tokens[i - 1]!.end, t.start)) &&
        t.text !== "I"),
  ).length;
  const subordinate = sents.filter((s) =>
    /\b(because|which|who|whom|whose|when|while|although|though|if|unless|since|whereas|that)\b/i.test(s.text),
  ).length;
  const quoteMarks = (text.match(/["“”]/g) ?? []).length;
  const f: Record<string, number> = {
    logLen: Math.log(1 + n),
    logTypes: Math.log(1 + new Set(lower).size),
    logLenSq: Math.log(1 + n) ** 2,
    logMisspelled: Math.log(1 + misspelled.length),
    logSentLenSq: Math.log(1 + n / ns) ** 2,
    logContentTypes: Math.log(1 + new Set(content.map(stem)).size),
    logLong: Math.log(1 + long),
    logRare: Math.log(1 + new Set(rare).size),
    logCommas: Math.log(1 + commas),
    properRate: properNouns / nw,
    subordinateShare: subordinate / ns,
    quoteRate: Math.min(10, quoteMarks / 2),
    lenRatio: Math.min(1.5, n / target),
    sentences: Math.log(1 + sents.length),
    meanSentLen: Math.min(60, n / ns),
    sdSentLen: Math.min(30, sd(sentLens)),
    mattr: mattr(lower),
    guiraud: new Set(lower).size / Math.sqrt(nw),
    avgWordLen: words.length ? mean(words.map((t) => t.text.length)) : 0,
    longShare: long / nw,
    rareShare: content.length ? rare.length / content.length : 0,
    meanLogRank: ranksOf.length ? mean(ranksOf.map((r) => Math.log10(r))) : 0,
    spellRate: misspelled.length / nw,
    transitionsPer100: (100 * trCount) / nw,
    transitionTypes: transitions.length,
    topicCoverage: topicWords.length ? topicCovered.length / topicWords.length : 0,
    onTopicShare,
    repetition: content.length ? topRep / content.length : 0,
    repBigramRate: repBigrams / nw,
    lowerStartRate: lowerStarts / ns,
    lowerIRate: lowerI / nw,
    commasPerSent: Math.min(5, commas / ns),
    apostropheRate: apostrophes / nw,
    questionRate: questions / ns,
    exclaimRate: exclaims / ns,
    anonRate: (n - words.length) / nw,
  };
  return {
    language: "en",
    length: n,
    paragraphs: paras,
    hasLineBreaks: /\n/.test(text.trim()),
    sentences: sents,
    sentenceLengths: sentLens,
    tokens,
    misspelled,
    wrongChars: [],
    grammar: grammarSlips(text),
    transitions,
    topicCovered,
    topicMissing,
    repeated,
    sophisticated,
    f,
  };
}

/**
 * Argument structure of a Chinese essay (features suggested by the organisation/logic trait labels):
 * - `refrainRate`: distinct 4-character sequences used ≥ 3 times, per 1000 Han characters (a restated key phrase,
 *   排比 — "给自己一缕阳光 …" three times);
 * - `paraParallel`: share of the body paragraphs (all but the first and last, with ≥ 4 paragraphs) whose first two
 *   Han characters open another body paragraph too (sub-arguments in parallel);
 * - `maxParaShare`: the longest paragraph's share of the Han characters (one block vs balanced paragraphs);
 * - `bodyLeadLen`: log(1 + mean length in Han characters of the body paragraphs' first sentences; all paragraphs
 *   when there are fewer than 3): a short topic sentence (分论点) opening each paragraph vs narration.
 */
export function zhStructure(
  text: string,
  paragraphTexts: string[],
): { refrainRate: number; paraParallel: number; maxParaShare: number; bodyLeadLen: number } {
  const han = [...text].filter((c) => /\p{Script=Han}/u.test(c));
  const grams = new Map<string, number>();
  for (let i = 0; i + 4 <= han.length; i++) {
    const g = han.slice(i, i + 4).join("");
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  const refrains = [...grams.values()].filter((c) => c >= 3).length;
  const body = paragraphTexts.length >= 4 ? paragraphTexts.slice(1, -1) : [];
  const openings = body.map((p) =>
    [...p]
      .filter((c) => /\p{Script=Han}/u.test(c))
      .slice(0, 2)
      .join(""),
  );
  const parallel = openings.filter((o, i) => o.length === 2 && openings.some((x, j) => j !== i && x === o)).length;
  const lens = paragraphTexts.map(hanCount);
  const leads = (paragraphTexts.length >= 3 ? paragraphTexts.slice(1, -1) : paragraphTexts).map((p) =>
    hanCount(p.split(/[。！？!?]/)[0] ?? ""),
  );
  const n = Math.max(1, han.length);
  return {
    refrainRate: (1000 * refrains) / n,
    paraParallel: body.length ? parallel / body.length : 0,
    maxParaShare: lens.length ? Math.max(...lens) / n : 1,
    bodyLeadLen: Math.log(1 + mean(leads)),
  };
}

/**
 * A child writes pinyin for a character they cannot write yet ("我很gao兴"). That is a writing slip (conventions:
 * wrong characters, Latin runs), not missing content: length, vocabulary, sentences and structure are measured on
 * the text as it reads with each pinyin syllable in its character's place (counting as one character, as on grid
 * paper); the spans and quotations stay the essay's own.
 */
function analyzeZhReading(o: AnalyzeOptions, target: number): Measured {
  const issues = zhWrongCharacters(o.text);
  // only the student's own errors that the teacher kept count; OCR slips left in the text do not
  const wrong = withoutDismissed(
    issues.filter((w) => w.kind === "student"),
    o.dismissed,
  );
  const own = analyzeZh(o, target, wrong);
  // every pinyin run stands for a character of the handwriting, whoever made it Latin (the child or the recogniser)
  const pinyin = issues.filter((w) => w.reason === "pinyin" || w.reason === "pinyin-unclear");
  if (pinyin.length === 0) return own;
  let reading = "";
  let at = 0;
  for (const p of pinyin) {
    const char = p.suggested !== p.original ? p.suggested : (p.alternatives?.[0] ?? "某");
    reading += o.text.slice(at, p.start) + char;
    at = p.end;
  }
  reading += o.text.slice(at);
  const read = analyzeZh(
    { ...o, text: reading },
    target,
    wrong.filter((w) => w.reason !== "pinyin" && w.reason !== "pinyin-unclear"),
  );
  const n = Math.max(1, read.length);
  return {
    ...own,
    length: read.length,
    f: {
      ...read.f,
      wrongRate: (100 * wrong.length) / n,
      latinRate: own.f.latinRate!,
      asciiPunctRate: own.f.asciiPunctRate!,
    },
  };
}

function analyzeZh({ text, topic }: AnalyzeOptions, target: number, wrongChars: ZhIssue[]): Measured {
  const paras = paragraphs(text);
  const sents = sentences(text, "zh");
  const n = hanCount(text);
  const words = chineseWords(text);
  const wl = words.map((w) => w.text);
  const sentLens = sents.map((s) => hanCount(s.text));
  const multi = wl.filter((w) => [...w].length >= 2);
  const four = wl.filter((w) => [...w].length === 4 && /^\p{Script=Han}+$/u.test(w));
  const transitions = [...new Set(ZH_TRANSITIONS)]
    .map((m) => ({ marker: m, count: countOccurrences(text, m, false) }))
    .filter((x) => x.count > 0);
  const trCount = transitions.reduce((a, b) => a + b.count, 0);
  const topicWords = [
    ...new Set(
      chineseWords(topic)
        .map((w) => w.text)
        .filter(
          (w) => [...w].length >= 2 && /^\p{Script=Han}+$/u.test(w) && !ZH_INSTRUCTION.has(w) && !ZH_FUNCTION.has(w),
        ),
    ),
  ];
  const topicCovered = topicWords.filter((w) => text.includes(w));
  const topicMissing = topicWords.filter((w) => !text.includes(w));
  // numeric relevance features: character bigrams of the topic (instruction words removed) found in the text
  let cleaned = "";
  for (const seg of chineseWords(topic)) cleaned += ZH_INSTRUCTION.has(seg.text) ? "|" : seg.text;
  const topicBig = new Set<string>();
  for (const run of cleaned.split(/[^\p{Script=Han}]+/u)) {
    const cs = [...run];
    for (let i = 1; i < cs.length; i++) topicBig.add(cs[i - 1]! + cs[i]!);
  }
  const hanArr = [...text].filter((c) => /\p{Script=Han}/u.test(c));
  const textBig = new Set<string>();
  let onTopic = 0;
  for (let i = 1; i < hanArr.length; i++) {
    const b = hanArr[i - 1]! + hanArr[i]!;
    textBig.add(b);
    if (topicBig.has(b)) onTopic++;
  }
  const bigCovered = [...topicBig].filter((b) => textBig.has(b)).length;
  const topicShareIn = (span: string | undefined) => {
    if (!span || topicBig.size === 0) return 0;
    const cs = [...span].filter((c) => /\p{Script=Han}/u.test(c));
    let hit = 0;
    const seen = new Set<string>();
    for (let i = 1; i < cs.length; i++) {
      const b = cs[i - 1]! + cs[i]!;
      if (topicBig.has(b) && !seen.has(b)) {
        seen.add(b);
        hit++;
      }
    }
    return hit / topicBig.size;
  };
  const firstPara = paras[0]?.text;
  const lastPara = paras.length > 1 ? paras[paras.length - 1]?.text : undefined;
  const examples = (text.match(/例如|比如|譬如|就像|正如|如同|曾经|当年|有一次|记得/g) ?? []).length;
  const argue = (text.match(/我认为|由此可见|可见|总之|综上|因此|所以|这说明|这告诉我们|只有.{1,12}才/g) ?? []).length;
  const content = multi.filter((w) => !ZH_FUNCTION.has(w));
  const repeated = topRepeated(content, () => false, 4);
  const topRep = repeated[0]?.count ?? 0;
  const punct = text.match(/[，。、；：？！“”‘’《》（）—…]/g) ?? [];
  const punctTypes = new Set(punct).size;
  const asciiPunct = (text.match(/\p{Script=Han}[,.;:?!]|[,.;:?!]\p{Script=Han}/gu) ?? []).length;
  const commas = (text.match(/[，,]/g) ?? []).length;
  const quotes = (text.match(/[“「『]/g) ?? []).length;
  const latinRuns = (text.match(/[A-Za-z]+/g) ?? []).length;
  const nn = Math.max(1, n);
  const ns = Math.max(1, sents.length);
  const nwords = Math.max(1, wl.length);
  const longSent = sentLens.filter((l) => l > 60).length;
  const clauses = text.split(/[，。！？；：,;!?\n]+/).filter((c) => hanCount(c) > 0);
  let parallel = 0;
  for (let i = 1; i < clauses.length; i++) {
    const a0 = [...clauses[i - 1]!.trim()].slice(0, 2).join("");
    const b0 = [...clauses[i]!.trim()].slice(0, 2).join("");
    if (a0.length === 2 && a0 === b0) parallel++;
  }
  const citations = (text.match(/(说|道|云|曰|言)[:：]?[“「]|名言|古人|曾说|曾经说|所说|有言/g) ?? []).length;
  const firstPersonZh = (text.match(/我(?!们|們)/g) ?? []).length;
  const questionsZh = (text.match(/[？?]/g) ?? []).length;
  const exclaimsZh = (text.match(/[！!]/g) ?? []).length;
  const three = wl.filter((w) => [...w].length === 3).length;
  const lex = chineseLexicon();
  const multiFreq = multi.map((w) => lex.get(w)?.freq ?? 0);
  const inDict = multiFreq.filter((x) => x > 0);
  const rareZh = multi.filter((_, i) => multiFreq[i]! > 0 && multiFreq[i]! < 300);
  const idioms = new Set<string>();
  for (const run of text.match(/\p{Script=Han}{4,}/gu) ?? []) {
    const cs = [...run];
    for (let i = 0; i + 4 <= cs.length; i++) {
      const w = cs.slice(i, i + 4).join("");
      const e = lex.get(w);
      if (e && (e.pos === "i" || e.pos === "l")) idioms.add(w);
    }
  }
  const structure = zhStructure(
    text,
    paras.map((p) => p.text),
  );
  const f: Record<string, number> = {
    logLen: Math.log(1 + n),
    lenRatio: Math.min(1.5, n / target),
    paragraphs: Math.min(12, paras.length),
    sentences: Math.log(1 + sents.length),
    meanSentLen: Math.min(120, n / ns),
    sdSentLen: Math.min(60, sd(sentLens)),
    longSentShare: longSent / ns,
    mattr: mattr(wl, 50),
    charDiversity: new Set([...text].filter((c) => /\p{Script=Han}/u.test(c))).size / Math.sqrt(nn),
    multiShare: multi.length / nwords,
    fourShare: (100 * four.length) / nwords,
    avgWordLen: mean(wl.map((w) => [...w].length)),
    wrongRate: (100 * wrongChars.length) / nn,
    transitionsPer100: (100 * trCount) / nn,
    transitionTypes: transitions.length,
    topicCoverage: topicBig.size ? bigCovered / topicBig.size : 0,
    onTopicShare: (100 * onTopic) / nn,
    repetition: content.length ? topRep / content.length : 0,
    punctTypes,
    commasPerSent: Math.min(8, commas / ns),
    asciiPunctRate: (100 * asciiPunct) / nn,
    quotesPer100: (100 * quotes) / nn,
    latinRate: (100 * latinRuns) / nn,
    meanLogFreq: inDict.length ? mean(inDict.map((x) => Math.log10(x + 1))) : 0,
    rareShareZh: multi.length ? rareZh.length / multi.length : 0,
    logRareTypes: Math.log(1 + new Set(rareZh).size),
    idiomRate: (1000 * idioms.size) / nn,
    logIdioms: Math.log(1 + idioms.size),
    oovShare: multi.length ? (multi.length - inDict.length) / multi.length : 0,
    introTopic: topicShareIn(firstPara),
    endTopic: topicShareIn(lastPara),
    logFirstPara: Math.log(1 + hanCount(firstPara ?? "")),
    logLastPara: Math.log(1 + hanCount(lastPara ?? "")),
    examplesPer1000: (1000 * examples) / nn,
    arguePer1000: (1000 * argue) / nn,
    clausesPerSent: Math.min(10, clauses.length / ns),
    parallelRate: (100 * parallel) / Math.max(1, clauses.length),
    citationRate: (1000 * citations) / nn,
    firstPersonRate: (100 * firstPersonZh) / nn,
    questionRate: questionsZh / ns,
    exclaimRate: exclaimsZh / ns,
    threeShare: (100 * three) / nwords,
    logSentencesPerPara: Math.log((1 + sents.length) / Math.max(1, paras.length)),
    ...structure,
    paraBalance:
      paras.length > 1
        ? sd(paras.map((p) => hanCount(p.text))) / Math.max(1, mean(paras.map((p) => hanCount(p.text))))
        : 1,
  };
  return {
    language: "zh",
    length: n,
    paragraphs: paras,
    hasLineBreaks: /\n/.test(text.trim()),
    sentences: sents,
    sentenceLengths: sentLens,
    tokens: words,
    misspelled: [],
    wrongChars,
    grammar: [],
    transitions,
    topicCovered,
    topicMissing,
    repeated,
    // counted things ("十届", "300"), negations ("不信") and diminutives ("花儿") are not vocabulary to praise,
    // nor a word already quoted inside an idiom ("多彩" after "多姿多彩")
    sophisticated: [
      ...idioms,
      ...new Set(
        rareZh.filter((w) => !/[0-9０-９〇零一二两三四五六七八九十百千万亿]/.test(w) && !/^[不没沒]|[儿兒]$/.test(w)),
      ),
    ]
      .filter((w, i, all) => !all.slice(0, i).some((earlier) => earlier.includes(w)))
      .slice(0, 8),
    f,
  };
}
