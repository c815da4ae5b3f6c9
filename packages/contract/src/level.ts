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
