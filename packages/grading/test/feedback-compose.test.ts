import { describe, expect, it } from "vitest";
import { analyze } from "../src/features.ts";
import { composeFeedback, criterionEvidence, observations, type Point } from "../src/feedback/index.ts";
import { BAND_NOTES, fitsScore, IMPROVE_MAX, PRAISE_MIN } from "../src/feedback/notes.ts";
import { grade } from "../src/index.ts";
import { EN_NEWS, EN_WEAK, NEWS_TOPIC, ZH_G3_STORY, ZH_NEWS, ZH_TOPIC, ZH_WEAK } from "./fixtures.ts";

const praise: Point = {
  rule: "vocabulary",
  criterion: "language",
  weight: 2,
  text: { en: "Rich vocabulary.", "zh-CN": "用词较为丰富。", "zh-TW": "用詞較為豐富。" },
  evidence: { note: "vocabulary" },
};
const advice: Point = { ...praise, rule: "sentences", weight: -1.5, text: { ...praise.text, "zh-CN": "句式较单一。" } };
const language = (score: number) => ({ key: "language" as const, label: "语言运用", score, max: 10 });

describe("notes agree with the score", () => {
  it("praises a criterion only from 60 % of its points, asks for improvement only below 90 %", () => {
    expect(fitsScore(2, 5, 10)).toBe(false);
    expect(fitsScore(2, 6, 10)).toBe(true);
    expect(fitsScore(-1, 8, 10)).toBe(true);
    expect(fitsScore(-1, 9, 10)).toBe(false);
    expect(PRAISE_MIN).toBe(0.6);
    expect(IMPROVE_MAX).toBe(0.9);
  });

  it("never shows 'rich vocabulary' beside a low language score: the band note says what the score means", () => {
    const low = criterionEvidence([praise], language(3), "zh-CN");
    expect(low.map((e) => e.note)).toEqual([BAND_NOTES.language.low["zh-CN"]]);
    expect(low[0]!.note).not.toMatch(/丰富/);
    const zero = criterionEvidence([praise], language(0), "en");
    expect(zero.map((e) => e.note)).toEqual([BAND_NOTES.language.low.en]);
    expect(criterionEvidence([praise, advice], language(8), "zh-CN").map((e) => e.note)).toEqual([
      "用词较为丰富。",
      "句式较单一。",
    ]);
    expect(criterionEvidence([praise, advice], language(10), "zh-CN").map((e) => e.note)).toEqual(["用词较为丰富。"]);
  });

  it("keeps strengths and improvements to what the criteria scores allow", () => {
    const a = analyze({ text: ZH_G3_STORY, topic: "放风筝", language: "zh", year: 3 });
    const scores = [
      { key: "content" as const, label: "内容", score: 2, max: 12 },
      { key: "organisation" as const, label: "结构", score: 10, max: 10 },
      language(4),
      { key: "conventions" as const, label: "书写", score: 8, max: 8 },
    ];
    const points = observations(a);
    const f = composeFeedback(a, points, scores, 24, "needs_improvement", "zh-CN");
    const textOf = (p: Point) => p.text["zh-CN"];
    for (const p of points) {
      const s = scores.find((x) => x.key === p.criterion)!;
      if (!fitsScore(p.weight, s.score, s.max)) {
        expect(f.strengths).not.toContain(textOf(p));
        expect(f.improvements).not.toContain(textOf(p));
      }
    }
    expect(f.strengths.join()).not.toMatch(/用词较为丰富/);
  });

  it("names the level and the genre in the overall comment, and counts paragraphs only where the text shows them", () => {
    const g3 = grade({ text: ZH_G3_STORY, topic: "放风筝", grade: 3, language: "zh", feedbackLanguage: "zh-CN" });
    expect(g3.feedback.overall).toMatch(/^\d+\/40（[^）]+）。按三年级记叙文的要求评分：本文共\d+字、\d+句，/);
    const en = grade({ text: EN_NEWS, topic: NEWS_TOPIC, grade: 10, feedbackLanguage: "en" });
    expect(en.feedback.overall).toMatch(/Graded as a Grade 10 news report: this \d+-word essay in \d+ paragraphs/);
  });
});

describe("the scale", () => {
  const coherent = [
    { text: ZH_G3_STORY, topic: "放风筝", language: "zh" as const },
    { text: ZH_NEWS, topic: ZH_TOPIC, language: "zh" as const },
    { text: EN_NEWS, topic: NEWS_TOPIC, language: "en" as const },
  ];

  it("never gives a coherent essay 0 in a criterion, at any school year; the total is the sum of the criteria", () => {
    for (const e of coherent) {
      for (const year of [1, 3, 5, 7, 9, 11, 12]) {
        const r = grade({ ...e, grade: year, feedbackLanguage: "en" });
        expect(r.totalScore).toBe(r.criteria.reduce((a, c) => a + c.score, 0));
        // far too long for a young level or far too short for an old one is still a readable essay
        if (r.criteria.some((c) => c.score === 0)) {
          throw new Error(`${e.topic} at grade ${year}: ${r.criteria.map((c) => c.score).join("/")}`);
        }
      }
    }
  });

  it("still lets a few lines that do not make an essay fall low", () => {
    const zh = grade({ text: ZH_WEAK, topic: ZH_TOPIC, grade: 11, feedbackLanguage: "zh-CN" });
    expect(zh.totalScore).toBeLessThan(20);
    const en = grade({ text: EN_WEAK, topic: NEWS_TOPIC, grade: 10, feedbackLanguage: "en" });
    expect(en.totalScore).toBeLessThan(20);
  });

  it("puts the same story higher for a young writer than for an old one", () => {
    const totals = [3, 6, 9, 12].map(
      (year) => grade({ text: ZH_G3_STORY, topic: "放风筝", grade: year, feedbackLanguage: "zh-CN" }).totalScore,
    );
    for (let i = 1; i < totals.length; i++) expect(totals[i]!).toBeLessThanOrEqual(totals[i - 1]!);
  });
});
