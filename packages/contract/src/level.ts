import { targetLengthFromTopic } from "./target-length.ts";

// School years, stages and genres: plain values and helpers the web uses without the schema library (the zod
// schemas ZSchoolYear and ZGenre are in schemas-level.ts).

/**
 * The writers' school year: 1–6 primary (小学一年级 … 六年级), 7–9 junior high (初一 … 初三), 10–12 senior high
 * (高一 … 高三). Classes, assignments and manuscripts carry it; the grader's expectations follow it.
 */
export const SCHOOL_YEARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type TSchoolYear = (typeof SCHOOL_YEARS)[number];

export function isSchoolYear(x: unknown): x is TSchoolYear {
  return typeof x === "number" && Number.isInteger(x) && x >= 1 && x <= 12;
}

/** Stage of schooling: the 学段 of the 义务教育语文课程标准 (grades 1–2, 3–4, 5–6, 7–9), then senior high. */
export type TStage = "lower_primary" | "middle_primary" | "upper_primary" | "junior" | "senior";

export function stageOf(year: TSchoolYear): TStage {
  if (year <= 2) return "lower_primary";
  if (year <= 4) return "middle_primary";
  if (year <= 6) return "upper_primary";
  if (year <= 9) return "junior";
  return "senior";
}

/**
 * Genres a topic sets: the four essay types of the curriculum and practical writing (应用文: a letter, a notice, a
 * news report).
 */
export const GENRES = ["narrative", "descriptive", "expository", "argumentative", "letter", "notice", "news"] as const;
export type TGenre = (typeof GENRES)[number];
export const PRACTICAL_GENRES: readonly TGenre[] = ["letter", "notice", "news"];

/**
 * Expected length of a Chinese essay (Han characters) per school year. Sources: 义务教育语文课程标准 (2011 and 2022
 * editions): 第三学段 (grades 5–6) "40分钟能完成不少于400字的习作", 第四学段 (grades 7–9) "45分钟能完成不少于500字的
 * 作文"; the 中考 asks "不少于600字", the 高考 "不少于800字". The standard names no length for 写话 (grades 1–2) or for
 * 第二学段 习作 (grades 3–4): those years are interpolated towards grade 5's 400 (a grade-3 习作 of 200–300 字 is the
 * usual textbook expectation).
 */
export const ZH_EXPECTED_CHARS: Record<TSchoolYear, number> = {
  1: 100,
  2: 150,
  3: 250,
  4: 320,
  5: 400,
  6: 450,
  7: 500,
  8: 550,
  9: 600,
  10: 800,
  11: 800,
  12: 800,
};

/**
 * Expected length of an English essay (words) per school year, for first-language writers as in the grader's
 * fitting data (ASAP, US grades 7–10): a persuasive essay of grades 8–10 runs to about 350 words (ASAP prompts 1–2);
 * the other years follow the Chinese table's relative growth between stages. English written as a foreign language
 * is far shorter (80–120 words in the 中考 and 高考) and its tasks name their length, which always wins.
 */
export const EN_EXPECTED_WORDS: Record<TSchoolYear, number> = {
  1: 60,
  2: 90,
  3: 140,
  4: 180,
  5: 220,
  6: 250,
  7: 280,
  8: 310,
  9: 340,
  10: 370,
  11: 400,
  12: 420,
};

/**
 * Share of a full essay's length that a genre or task asks for: a notice is a few lines, a letter shorter than an
 * essay; a short answer to a reading question (ASAP prompts 3–6: ~105 words against the essays' ~350) about 0.3.
 */
const GENRE_LENGTH: Record<TGenre, number> = {
  narrative: 1,
  descriptive: 1,
  expository: 1,
  argumentative: 1,
  letter: 0.6,
  notice: 0.4,
  news: 1,
};
export const SOURCE_ANSWER_LENGTH = 0.3;

/** Where a manuscript's target length comes from: the teacher's figure, the topic's words, or the level. */
export const TARGET_SOURCES = ["teacher", "topic", "level"] as const;
export type TTargetSource = (typeof TARGET_SOURCES)[number];

/**
 * School year assumed when none is known: the grader's fitting data's (ASAP grade 8 for English, the Chinese
 * high-school essays' grade 11).
 */
export const DEFAULT_SCHOOL_YEAR: Record<"en" | "zh", TSchoolYear> = { en: 8, zh: 11 };

/** Target length for a level when neither the teacher nor the topic names one (words or Han characters). */
export function levelTargetLength(
  language: "en" | "zh",
  year: TSchoolYear,
  genre?: TGenre,
  sourceAnswer = false,
): number {
  const base = language === "zh" ? ZH_EXPECTED_CHARS[year] : EN_EXPECTED_WORDS[year];
  const share = sourceAnswer ? SOURCE_ANSWER_LENGTH : genre ? GENRE_LENGTH[genre] : 1;
  return Math.round((base * share) / 10) * 10;
}

// Cue words of each genre in a topic, most specific first (a "letter to the newspaper stating your opinion" is an
// argument; a "news report" is news before it is anything else). Chinese cues are the instruction's own words for a
// genre (新闻, 通知, 议论, 书信, 说明, 描写, 记叙 …), not topical words: "你也是一道风景" or "成长" name no genre.
const CUES: [TGenre, RegExp][] = [
  [
    "news",
    /\bnews\s*(report|story|article)|\breport\s+for\s+the\s+(school\s+)?(news)?paper|新闻|新聞|报道|報導|报导|一则消息|一則消息/i,
  ],
  ["notice", /\b(notice|announcement|poster)\b|通知|启事|啟事|海报|海報|公告/i],
  [
    "argumentative",
    /\b(persuad\w*|argu\w*|opinion|position|convince|agree|disagree|debate|editorial|should\s+(we|students|schools|people))\b|议论|議論|论点|論點|观点|觀點|看法|谈谈|談談|浅谈|淺談|评论|評論|辩论|辯論/i,
  ],
  ["letter", /\b(letter|e-?mail|postcard)\b|书信|書信|一封信|写信|寫信|来信|來信|回信|倡议书|倡議書|建议书|建議書/i],
  [
    "expository",
    /\b(explain\w*|inform\w*|how\s+to|instructions?|introduce|introduction\s+to)\b|说明|說明|介绍|介紹|科普/i,
  ],
  ["descriptive", /\b(describe|description|portrait)\b|描写|描寫|描述|写景|寫景|状物|狀物|观察|觀察/i],
  [
    "narrative",
    /\b(story|narrative|a time when|experience|memory|remember|happened)\b|记叙|記敘|记一|記一|一件事|经历|經歷|故事|童话|童話|难忘|難忘|想象|想像/i,
  ],
];

/** The genre a topic names, when its wording says so; undefined when it does not (a bare title such as "三位王子"). */
export function recogniseGenre(topic: string): TGenre | undefined {
  for (const [genre, re] of CUES) if (re.test(topic)) return genre;
  return undefined;
}

/**
 * The genre assumed when neither the teacher nor the topic names one: primary and junior-high compositions are
 * mostly narratives (记叙文, including 写人 and 想象 stories), senior-high Chinese essays arguments (议论文).
 */
export function defaultGenre(year: TSchoolYear | undefined, language: "en" | "zh"): TGenre {
  if (year === undefined) return language === "zh" ? "argumentative" : "narrative";
  return language === "zh" && year >= 10 ? "argumentative" : "narrative";
}

/** The genre an essay is judged as: the teacher's choice, else the topic's words, else the level's usual one. */
export function effectiveGenre(
  chosen: TGenre | null | undefined,
  topic: string,
  language: "en" | "zh",
  year: TSchoolYear | null | undefined,
): TGenre {
  return chosen ?? recogniseGenre(topic) ?? defaultGenre(year ?? undefined, language);
}

/**
 * The length an essay is judged against and where it comes from: the teacher's figure, else the length the topic
 * names ("约500字", "about 120 words"), else the level's usual length for the genre.
 */
export function resolveTarget(o: {
  targetLength: number | null | undefined;
  topic: string;
  language: "en" | "zh";
  year: TSchoolYear | null | undefined;
  genre: TGenre | null | undefined;
}): { targetLength: number; source: TTargetSource } {
  if (o.targetLength) return { targetLength: o.targetLength, source: "teacher" };
  const named = targetLengthFromTopic(o.topic);
  if (named !== undefined) return { targetLength: named, source: "topic" };
  const year = o.year ?? DEFAULT_SCHOOL_YEAR[o.language];
  const genre = effectiveGenre(o.genre, o.topic, o.language, year);
  return { targetLength: levelTargetLength(o.language, year, genre), source: "level" };
}

/** The essay language an assignment's work language or a text implies (Chinese unless mostly Latin letters). */
export function essayLanguageOf(text: string): "en" | "zh" {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  return han > 0 && han * 2 >= latin * 0.5 ? "zh" : latin > 0 ? "en" : "zh";
}

const ZH_NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/**
 * The school year a class's grade label names, when it names one: 三年级 / 三年級 → 3, 初二 / 八年级 / 國二 → 8,
 * 高三 → 12, "Grade 10" → 10. Undefined otherwise ("Class 2", "实验班").
 */
export function schoolYearFromLabel(label: string): TSchoolYear | undefined {
  const t = label.trim();
  const grade = /\bgrade\s*(\d{1,2})\b/i.exec(t);
  if (grade && isSchoolYear(Number(grade[1]))) return Number(grade[1]) as TSchoolYear;
  const senior = /高([一二三])/.exec(t);
  if (senior) return (ZH_NUMERALS.indexOf(senior[1]!) + 10) as TSchoolYear;
  const junior = /[初國国]([一二三])/.exec(t);
  if (junior) return (ZH_NUMERALS.indexOf(junior[1]!) + 7) as TSchoolYear;
  const year = /([一二三四五六七八九])年[级級]/.exec(t);
  if (year) return (ZH_NUMERALS.indexOf(year[1]!) + 1) as TSchoolYear;
  return undefined;
}

/** From this many teacher-scored essays in an assignment the screen says the grader is calibrated on them. */
export const CALIBRATION_NOTICE_AT = 3;
