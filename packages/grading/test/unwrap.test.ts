import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { unwrapLines } from "../src/text.ts";

// One handwritten paragraph as OCR returns it: a line per line of paper, a word hyphenated across a break.
const WRAPPED = [
  "Our school held its sports day last Friday",
  "on the main field. More than six hundred stu-",
  "dents took part in twenty events, and the",
  "weather stayed fine all afternoon.",
  "",
  "The head teacher thanked the volunteers and",
  "said the day had brought the whole school",
  "together.",
].join("\n");

describe("unwrapLines", () => {
  it("joins the lines of a handwritten paragraph and the halves of a hyphenated word", () => {
    expect(unwrapLines(WRAPPED)).toBe(
      [
        "Our school held its sports day last Friday on the main field. More than six hundred students took part in twenty events, and the weather stayed fine all afternoon.",
        "",
        "The head teacher thanked the volunteers and said the day had brought the whole school together.",
      ].join("\n"),
    );
  });

  it("a short line ends its paragraph (the next line starts a new one), or is a headline", () => {
    const text = [
      "Sports Day Success",
      "Our school held its sports day last Friday on",
      "the main field, and six hundred students ran.",
      "It was fun.",
      "The head teacher thanked all the volunteers and",
      "said the day had brought the school together.",
    ].join("\n");
    expect(unwrapLines(text).split("\n")).toEqual([
      "Sports Day Success",
      "Our school held its sports day last Friday on the main field, and six hundred students ran. It was fun.",
      "The head teacher thanked all the volunteers and said the day had brought the school together.",
    ]);
  });

  it("joins Chinese grid rows without spaces and leaves typed paragraphs alone", () => {
    const rows =
      "我家有一只小花猫，它的眼睛圆圆的，耳\n朵尖尖的，尾巴长长的。\n\n每天放学回家，它都会跑到门口等我。我\n给它吃鱼，它就高兴地叫起来。";
    expect(unwrapLines(rows)).toBe(
      "我家有一只小花猫，它的眼睛圆圆的，耳朵尖尖的，尾巴长长的。\n\n每天放学回家，它都会跑到门口等我。我给它吃鱼，它就高兴地叫起来。",
    );
    const typed = [
      "Our school held its sports day last Friday on the main field. More than six hundred students took part in twenty different events over the afternoon.",
      "The head teacher thanked the volunteers.",
      "Everyone agreed it had been the best sports day in years, and the students are already asking when the next one will be.",
    ].join("\n");
    expect(unwrapLines(typed)).toBe(typed);
  });

  it("an indented line starts a new paragraph even when the previous paragraph filled its last row", () => {
    const rows = [
      "\u3000\u3000我家有一只小花猫，它的眼睛圆圆的，",
      "耳朵尖尖的，尾巴长长的，真可爱啊。",
      "\u3000\u3000每天放学回家，它都会跑到门口等",
      "我。我给它吃鱼，它就高兴地叫起来。",
    ].join("\n");
    expect(unwrapLines(rows).split("\n")).toEqual([
      "\u3000\u3000我家有一只小花猫，它的眼睛圆圆的，耳朵尖尖的，尾巴长长的，真可爱啊。",
      "\u3000\u3000每天放学回家，它都会跑到门口等我。我给它吃鱼，它就高兴地叫起来。",
    ]);
    // every line indented (e.g. a pasted block): indentation says nothing, the rows are joined
    const allIndented = rows
      .split("\n")
      .map((l) => `  ${l.trim()}`)
      .join("\n");
    expect(unwrapLines(allIndented).split("\n")).toHaveLength(1);
  });

  it("grades a wrapped page as its paragraphs, not one paragraph per handwritten line", () => {
    const r = grade({ text: WRAPPED, topic: "Write a news report about sports day", feedbackLanguage: "en" });
    expect(r.feedback.overall).toContain("in 2 paragraphs and 3 sentences");
    const all = [...r.feedback.strengths, ...r.feedback.improvements].join(" ");
    expect(all).not.toContain("'stu'");
    expect(all).not.toContain("'dents'");
  });
});
