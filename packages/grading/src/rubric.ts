import type { CriterionKey, FeedbackLanguage, GradeBand, Localized, Rubric } from "./types.ts";

export const TOTAL_MAX = 40;

export const CRITERION_LABELS: Record<CriterionKey, Localized> = {
  content: { en: "Content & relevance", "zh-CN": "内容与切题", "zh-TW": "內容與切題" },
  organisation: { en: "Organisation", "zh-CN": "结构与组织", "zh-TW": "結構與組織" },
  language: { en: "Language use", "zh-CN": "语言运用", "zh-TW": "語言運用" },
  conventions: { en: "Conventions", "zh-CN": "书写规范", "zh-TW": "書寫規範" },
};

export const DEFAULT_RUBRIC: Rubric = {
  criteria: [
    {
      key: "content",
      max: 12,
      label: CRITERION_LABELS.content,
      description: {
        en: "Relevance to the topic and genre (for a news report: headline, a lead answering who/what/when/where/why, facts, quotations, objective tone); development of ideas; length against the target.",
        "zh-CN":
          "切合题目与文体（新闻报道：标题、交代何人何事何时何地为何的导语、事实、引语、客观语气）；内容充实；篇幅达到要求。",
        "zh-TW":
          "切合題目與文體（新聞報導：標題、交代何人何事何時何地為何的導語、事實、引語、客觀語氣）；內容充實；篇幅達到要求。",
      },
    },
    {
      key: "organisation",
      max: 10,
      label: CRITERION_LABELS.organisation,
      description: {
        en: "Paragraphing, logical order, transitions between sentences and paragraphs.",
        "zh-CN": "分段合理，条理清楚，句段之间衔接自然。",
        "zh-TW": "分段合理，條理清楚，句段之間銜接自然。",
      },
    },
    {
      key: "language",
      max: 10,
      label: CRITERION_LABELS.language,
      description: {
        en: "Range and precision of vocabulary, sentence variety, avoidance of repetition.",
        "zh-CN": "词汇丰富准确，句式多样，避免重复。",
        "zh-TW": "詞彙豐富準確，句式多樣，避免重複。",
      },
    },
    {
      key: "conventions",
      max: 8,
      label: CRITERION_LABELS.conventions,
      description: {
        en: "Spelling (or wrong characters), grammar and punctuation.",
        "zh-CN": "错别字、语法与标点符号。",
        "zh-TW": "錯別字、語法與標點符號。",
      },
    },
  ],
};

export interface GradeBandInfo {
  band: GradeBand;
  min: number;
  max: number;
  label: Localized;
}

export const GRADE_BANDS: GradeBandInfo[] = [
  { band: "excellent", min: 35, max: 40, label: { en: "Excellent", "zh-CN": "优秀", "zh-TW": "優秀" } },
  { band: "good", min: 30, max: 34, label: { en: "Good", "zh-CN": "良好", "zh-TW": "良好" } },
  { band: "pass", min: 25, max: 29, label: { en: "Pass", "zh-CN": "及格", "zh-TW": "及格" } },
  {
    band: "needs_improvement",
    min: 20,
    max: 24,
    label: { en: "Needs improvement", "zh-CN": "有待提高", "zh-TW": "有待提高" },
  },
  { band: "fail", min: 0, max: 19, label: { en: "Fail", "zh-CN": "不及格", "zh-TW": "不及格" } },
];

export function gradeBand(total: number): GradeBand {
  for (const b of GRADE_BANDS) if (total >= b.min) return b.band;
  return "fail";
}

export type BandPoint = 15 | 20 | 25 | 30 | 35;

export interface BandDescriptor {
  /** Score point on the 0–40 scale that the descriptor describes. */
  score: BandPoint;
  band: GradeBand;
  description: Localized;
}

/** Descriptors of typical essays at 15, 20, 25, 30 and 35 points, for the grading-standards card. */
export const BAND_DESCRIPTORS: BandDescriptor[] = [
  {
    score: 35,
    band: "excellent",
    description: {
      en: "Fully on topic and true to the genre; well developed with specific facts or examples; clear paragraphs in a logical order with smooth transitions; varied, precise vocabulary and sentences; almost no errors; meets the target length.",
      "zh-CN":
        "完全切题，符合文体要求；内容充实，事实或例证具体；段落清楚，层次分明，过渡自然；用词准确丰富，句式多样；几乎没有错误；达到字数要求。",
      "zh-TW":
        "完全切題，符合文體要求；內容充實，事實或例證具體；段落清楚，層次分明，過渡自然；用詞準確豐富，句式多樣；幾乎沒有錯誤；達到字數要求。",
    },
  },
  {
    score: 30,
    band: "good",
    description: {
      en: "On topic with most genre features; ideas supported with some detail; organised paragraphs with some transitions; generally accurate, reasonably varied language; a few errors that do not hinder reading; close to the target length.",
      "zh-CN":
        "切题，具备大部分文体要素；内容较充实；段落有条理，有一定过渡；语言较通顺，句式有变化；有少量不影响理解的错误；字数基本达到要求。",
      "zh-TW":
        "切題，具備大部分文體要素；內容較充實；段落有條理，有一定過渡；語言較通順，句式有變化；有少量不影響理解的錯誤；字數基本達到要求。",
    },
  },
  {
    score: 25,
    band: "pass",
    description: {
      en: "Mostly on topic but thin or general; some genre features missing; organisation is recognisable but uneven; plain vocabulary and repetitive sentences; noticeable errors; somewhat short.",
      "zh-CN":
        "基本切题，但内容较单薄、笼统；文体要素有缺漏；结构大致清楚但不够匀称；用词平淡，句式单一；错误较明显；篇幅略短。",
      "zh-TW":
        "基本切題，但內容較單薄、籠統；文體要素有缺漏；結構大致清楚但不夠勻稱；用詞平淡，句式單一；錯誤較明顯；篇幅略短。",
    },
  },
  {
    score: 20,
    band: "needs_improvement",
    description: {
      en: "Partly off topic or underdeveloped; genre largely ignored; weak paragraphing and few links between ideas; limited vocabulary; frequent errors that sometimes obscure meaning; clearly short of the target length.",
      "zh-CN":
        "部分偏题或内容空泛；文体特征不明显；分段混乱，衔接较少；词汇贫乏；错误较多，有时影响理解；字数明显不足。",
      "zh-TW":
        "部分偏題或內容空泛；文體特徵不明顯；分段混亂，銜接較少；詞彙貧乏；錯誤較多，有時影響理解；字數明顯不足。",
    },
  },
  {
    score: 15,
    band: "fail",
    description: {
      en: "Off topic or only a few sentences; no recognisable structure; very limited language; errors in most sentences; far below the target length.",
      "zh-CN": "离题或仅有寥寥数句；结构不清；语言能力很有限；大多数句子有错误；字数远远不足。",
      "zh-TW": "離題或僅有寥寥數句；結構不清；語言能力很有限；大多數句子有錯誤；字數遠遠不足。",
    },
  },
];

export function criterionLabel(key: CriterionKey, lang: FeedbackLanguage, rubric: Rubric = DEFAULT_RUBRIC): string {
  const c = rubric.criteria.find((x) => x.key === key);
  return (c?.label ?? CRITERION_LABELS[key])[lang];
}
