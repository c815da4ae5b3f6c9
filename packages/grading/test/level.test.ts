import { describe, expect, it } from "vitest";
import { analyze } from "../src/features.ts";
import { grade } from "../src/index.ts";
import { leniency, levelScale } from "../src/level.ts";
import { ZH_G3_STORY, ZH_G3_STORY_PINYIN } from "./fixtures.ts";

const g3 = (text: string, extra: Partial<Parameters<typeof grade>[0]> = {}) =>
  grade({ text, topic: "放风筝", language: "zh", grade: 3, feedbackLanguage: "zh-CN", ...extra });

describe("the level model", () => {
  it("judges a 250-character grade-3 story as a grade-3 story: good or excellent, no criterion at 0", () => {
    const r = g3(ZH_G3_STORY);
    expect(r.totalScore).toBeGreaterThanOrEqual(30);
    for (const c of r.criteria) expect(c.score).toBeGreaterThan(0);
    expect(r.totalScore).toBe(r.criteria.reduce((a, c) => a + c.score, 0));
  });

  it("expects more of a senior student writing the same story", () => {
    const senior = g3(ZH_G3_STORY, { grade: 11 });
    expect(senior.totalScore).toBeLessThan(g3(ZH_G3_STORY).totalScore - 8);
  });

  it("takes the expected length from the level when the topic names none, and the topic's when it does", () => {
    expect(analyze({ text: ZH_G3_STORY, topic: "放风筝", language: "zh", year: 3 }).target).toBe(250);
    expect(analyze({ text: ZH_G3_STORY, topic: "放风筝", language: "zh", year: 9 }).target).toBe(600);
    const named = analyze({ text: ZH_G3_STORY, topic: "放风筝", language: "zh", year: 3, targetLength: 400 });
    expect(named.target).toBe(400);
    expect(named.targetSource).toBe("given");
  });

  it("reads pinyin written for a character as that character: the length stays, the slip counts as a wrong character", () => {
    const clean = analyze({ text: ZH_G3_STORY, topic: "放风筝", language: "zh", year: 3 });
    const pinyin = analyze({ text: ZH_G3_STORY_PINYIN, topic: "放风筝", language: "zh", year: 3 });
    expect(pinyin.length).toBe(clean.length);
    expect(pinyin.wrongChars.filter((w) => w.reason === "pinyin" || w.reason === "pinyin-unclear").length).toBe(3);
    expect(g3(ZH_G3_STORY_PINYIN).totalScore).toBeGreaterThanOrEqual(g3(ZH_G3_STORY).totalScore - 3);
  });

  it("does not read a text without line breaks as one long paragraph", () => {
    const oneLine = analyze({ text: ZH_G3_STORY, topic: "放风筝", language: "zh", year: 3 });
    expect(oneLine.hasLineBreaks).toBe(false);
    const paragraphs = ZH_G3_STORY.replace("后来", "\n后来").replace("刚开始", "\n刚开始");
    expect(Math.abs(g3(paragraphs).totalScore - g3(ZH_G3_STORY).totalScore)).toBeLessThanOrEqual(4);
  });

  it("forgives young writers part of the negative maturity evidence, none at the fitting data's level", () => {
    expect(leniency("zh", 3)).toBeCloseTo(1 - 1600 / 3500);
    expect(leniency("zh", 11)).toBe(0);
    expect(leniency("en", 8)).toBe(0);
    expect(leniency("en", 7)).toBe(0);
    expect(leniency("en", 4)).toBeGreaterThan(0.5);
  });

  it("puts a primary level's typical essay in the good band", () => {
    expect(levelScale("zh", 3)?.typical).toBe(34);
    expect(levelScale("zh", 11)).toBeUndefined();
    expect(levelScale("en", 10)).toBeUndefined();
  });

  it("still fails a few lines that are not a story", () => {
    const r = g3("今天天气很好。我很开心。");
    expect(r.totalScore).toBeLessThan(20);
  });
});
