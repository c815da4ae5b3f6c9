import { describe, expect, it } from "vitest";
import { craftAdjustment } from "../src/adjustments.ts";
import { vividDoubles, zhCraft } from "../src/craft.ts";
import { analyze } from "../src/features.ts";
import { runRule } from "../src/feedback/index.ts";
import { endingRule, vividRule } from "../src/feedback/rules/genres.ts";
import { grade } from "../src/index.ts";
import { ZH_G3_STORY } from "./fixtures.ts";

const split = (t: string) => t.split(/(?<=[。！？])/).filter((s) => s.trim());

/** A grade-3 story with none of the five craft elements: events only, no speech, feeling, comparison or ending. */
const PLAIN_STORY =
  "星期天，妈妈带我去公园放风筝。我的风筝是一只蝴蝶，有红色的翅膀和一条尾巴。刚开始，风筝飞不起来，我拉着线往前跑。风筝升起来了，越飞越高，飞到了大树上面。后来风越来越大，线差点从我手里滑走，我用两只手抓紧它，一步一步往后退。旁边的小朋友都跑过来看，有的拍手，有的问我是怎么放上去的。我把妈妈教我的办法告诉了他们。太阳落山的时候，我们收起风筝，沿着小路走到公园门口，坐上公交车回家。";

describe("craft elements of a primary story", () => {
  it("finds speech, feelings, comparisons, doubled words and an ending", () => {
    const c = zhCraft(ZH_G3_STORY, split(ZH_G3_STORY));
    expect(c.dialogue[0]).toContain("别着急");
    expect(c.feelings).toEqual(expect.arrayContaining(["开心", "明白了"]));
    expect(c.figures).toEqual(["像一只"]);
    expect(c.vivid).toContain("长长的");
    expect(c.ending).toBe(true);
    expect(c.count).toBe(5);
    const plain = zhCraft(PLAIN_STORY, split(PLAIN_STORY));
    expect(plain).toMatchObject({ dialogue: [], feelings: [], figures: [], vivid: [], ending: false, count: 0 });
  });

  it("reads speech after 说： without quotation marks, as children write it", () => {
    expect(zhCraft("她出口就说:我要吃金蝉。", ["她出口就说:我要吃金蝉。"]).dialogue).toEqual(["说:我要吃金蝉"]);
  });

  it("takes vivid doublings, not kin terms or everyday doubled words", () => {
    expect(vividDoubles("她有黑溜溜的眼睛，金黄金黄的稻田，认认真真地看书，大大的眼睛。")).toEqual([
      "黑溜溜",
      "金黄金黄",
      "认认真真",
      "大大的",
    ]);
    expect(vividDoubles("我妈妈的书，爸爸的车，我们天天看看星星，国王国王你好，扎你扎你。")).toEqual([]);
  });

  it("an ending with a feeling or an outcome closes the piece; a last event does not", () => {
    const end = "我们去了公园。我们放了风筝。我越来越喜欢放风筝了！";
    expect(zhCraft(end, split(end)).ending).toBe(true);
    const cut = "我们去了公园。我们放了风筝。然后我们坐车回家了。";
    expect(zhCraft(cut, split(cut)).ending).toBe(false);
  });
});

describe("craft adjustment", () => {
  const zh = (text: string, year: number, genre?: "narrative" | "argumentative") =>
    analyze({ text, topic: "放风筝", language: "zh", year: year as 3, genre });

  it("gives a primary story a point per element beyond (or short of) the typical three, and none to other levels or genres", () => {
    const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    expect(sum(craftAdjustment(zh(ZH_G3_STORY, 3)))).toBeCloseTo(2);
    expect(sum(craftAdjustment(zh(PLAIN_STORY, 3)))).toBeCloseTo(-3);
    expect(craftAdjustment(zh(PLAIN_STORY, 3)).content).toBeCloseTo(-1.2);
    expect(sum(craftAdjustment(zh(ZH_G3_STORY, 8)))).toBe(0);
    expect(sum(craftAdjustment(zh(ZH_G3_STORY, 3, "argumentative")))).toBe(0);
  });

  it("a grade-3 story with speech, feelings and comparisons scores above the same events told flat", () => {
    const g = (text: string) =>
      grade({ text, topic: "放风筝", language: "zh", grade: 3, feedbackLanguage: "zh-CN" }).totalScore;
    expect(g(ZH_G3_STORY)).toBeGreaterThan(g(PLAIN_STORY));
  });
});

describe("primary craft feedback", () => {
  const zh = (text: string, year = 3) => analyze({ text, topic: "放风筝", language: "zh", year: year as 3 });

  it("names the doubled words and asks for an ending where there is none", () => {
    expect(runRule(vividRule, zh(ZH_G3_STORY))?.text["zh-CN"]).toMatch(/用上了“长长的”.*这样的叠词/);
    expect(runRule(vividRule, zh(PLAIN_STORY))).toBeNull();
    expect(runRule(endingRule, zh(PLAIN_STORY))?.text["zh-CN"]).toBe("可以加一个结尾，写写事情的结果或自己的感受。");
    const ended = `${PLAIN_STORY}这真是快乐的一天！`;
    expect(runRule(endingRule, zh(ended))?.text["zh-CN"]).toMatch(/^有头有尾，结尾写出了结果或感受：“这真是快乐的一天/);
  });

  it("speaks only about primary stories and descriptions", () => {
    expect(runRule(endingRule, zh(PLAIN_STORY, 10))).toBeNull();
    expect(runRule(vividRule, zh(ZH_G3_STORY, 8))).toBeNull();
  });
});
