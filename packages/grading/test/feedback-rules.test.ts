import { describe, expect, it } from "vitest";
import { type AnalyzeOptions, analyze } from "../src/features.ts";
import { RULES, runRule } from "../src/feedback/index.ts";
import { pinyinRule, punctuationRule, wrongCharsRule } from "../src/feedback/rules/chinese-conventions.ts";
import { capitalsRule, grammarSlipsRule, spellingRule } from "../src/feedback/rules/english-conventions.ts";
import {
  conclusionRule,
  dialogueRule,
  examplesRule,
  feelingsRule,
  imagesRule,
  orderRule,
  positionRule,
  sensesRule,
} from "../src/feedback/rules/genres.ts";
import { lengthRule } from "../src/feedback/rules/length.ts";
import { paragraphsRule } from "../src/feedback/rules/paragraphs.ts";
import {
  letterClosingRule,
  letterGreetingRule,
  newsHeadlineRule,
  newsLeadRule,
  newsPersonRule,
  newsQuotesRule,
  noticeDetailsRule,
  noticeIssuerRule,
  noticeTitleRule,
} from "../src/feedback/rules/practical.ts";
import { relevanceRule } from "../src/feedback/rules/relevance.ts";
import { repetitionRule } from "../src/feedback/rules/repetition.ts";
import { sentencesRule } from "../src/feedback/rules/sentences.ts";
import { transitionsRule } from "../src/feedback/rules/transitions.ts";
import { vocabularyRule } from "../src/feedback/rules/vocabulary.ts";
import { EN_NEWS, EN_WEAK, NEWS_TOPIC, ZH_G3_STORY, ZH_G3_STORY_PINYIN, ZH_NEWS, ZH_TOPIC } from "./fixtures.ts";

const zh = (text: string, extra: Partial<AnalyzeOptions> = {}) =>
  analyze({ text, topic: "放风筝", language: "zh", year: 3, ...extra });
const en = (text: string, extra: Partial<AnalyzeOptions> = {}) =>
  analyze({ text, topic: "My best friend", language: "en", year: 8, ...extra });

const ZH_LETTER =
  "亲爱的小红：\n你好！好久不见，我很想念你。上个星期我们学校举行了运动会，我参加了跑步比赛，得了第二名。你最近过得怎么样？\n祝你快乐！\n你的朋友：小明\n5月1日";
const ZH_NOTICE =
  "通知\n本周五下午三点，在学校礼堂举行三年级讲故事比赛，请各班选派两名同学参加，并于周三前把名单交到大队部。\n学校大队部\n5月10日";
const ZH_ARGUMENT =
  "我认为，中学生应该多读课外书。\n读书可以开阔眼界。例如，读《西游记》能让我们了解古人的想象，读科普书能让我们懂得自然的奥秘。比如我的同桌，每天读半小时书，作文进步很快。\n当然，读书也要有选择，不能只看漫画。我们要读好书，读整本的书，在书中寻找答案。\n总之，多读书，读好书，我们才能不断成长。";
const ZH_DESCRIPTION =
  "我家的小乌龟叫圆圆。它的壳硬硬的，上面的花纹像一块块拼图一样。我用手摸它的头，它马上缩进壳里，好像一个害羞的小姑娘。每天早上，我都能听到它在水里划来划去的声音。我看着它慢慢地爬，心里特别高兴。";
const ZH_EXPLAIN =
  "怎样做一个水果沙拉？首先，把苹果、香蕉和橙子洗干净。其次，把水果切成小块，放进碗里。然后，倒上一点酸奶。最后，轻轻地搅拌一下，一碗好吃的水果沙拉就做好了。";

describe("length", () => {
  it("speaks of the level's usual length when neither teacher nor topic names one", () => {
    const p = runRule(lengthRule, zh(ZH_G3_STORY));
    expect(p?.weight).toBeGreaterThan(0);
    expect(p?.text["zh-CN"]).toMatch(/三年级的习作一般约250字/);
    expect(p?.text.en).toMatch(/Grade 3 essays usually run to about 250/);
  });

  it("holds a named target as a requirement", () => {
    const p = runRule(lengthRule, zh(ZH_G3_STORY, { targetLength: 600 }));
    expect(p?.weight).toBeLessThan(-1);
    expect(p?.text["zh-CN"]).toMatch(/目标约600字/);
  });

  it("says nothing of falling a little short of a level's usual length", () => {
    const a = zh(ZH_G3_STORY);
    expect(runRule(lengthRule, { ...a, target: Math.round(a.length / 0.85) })).toBeNull();
    expect(runRule(lengthRule, { ...a, target: Math.round(a.length / 0.85), targetSource: "given" })?.weight).toBe(-1);
  });
});

describe("relevance", () => {
  it("names the topic's terms the essay takes up, or those it misses", () => {
    expect(runRule(relevanceRule, zh(ZH_G3_STORY))?.weight).toBeGreaterThan(0);
    const off = runRule(relevanceRule, zh(ZH_G3_STORY, { topic: "我的好朋友" }));
    expect(off?.weight).toBeLessThan(0);
    expect(off?.text["zh-CN"]).toContain("好朋友");
  });

  it("says nothing when the topic has no content words", () => {
    expect(runRule(relevanceRule, zh(ZH_G3_STORY, { topic: "" }))).toBeNull();
  });
});

describe("paragraphs", () => {
  it("says nothing about a text without line breaks: its paragraphs are unknown", () => {
    expect(runRule(paragraphsRule, zh(`${ZH_G3_STORY}${ZH_G3_STORY}`))).toBeNull();
  });

  it("asks a story in one block to be split by its course, an argument by its reasoning", () => {
    // handwritten lines of a page that all join into one paragraph: paragraphing known, one block
    const block = [...`${ZH_G3_STORY}${ZH_G3_STORY}`]
      .join("")
      .match(/.{1,20}/gu)!
      .join("\n");
    expect(runRule(paragraphsRule, zh(block))?.text["zh-CN"]).toMatch(/开头、经过、结尾/);
    const arg = runRule(paragraphsRule, zh(block, { genre: "argumentative", year: 8 }));
    expect(arg?.text["zh-CN"]).toMatch(/开头、主体、结尾/);
  });

  it("asks nothing of 写话 in grades 1–2", () => {
    expect(runRule(paragraphsRule, zh(`${ZH_G3_STORY}\n${ZH_G3_STORY}`, { year: 2 }))).toBeNull();
  });

  it("praises paragraphs that each develop their point", () => {
    expect(runRule(paragraphsRule, zh(ZH_ARGUMENT, { genre: "argumentative", year: 8 }))?.weight).toBeGreaterThan(0);
  });
});

describe("transitions", () => {
  it("suggests words of sequence for a story and logical connectors for an argument", () => {
    const plain = "我们去公园。天很蓝。风很大。风筝飞得很高。我很开心。";
    expect(runRule(transitionsRule, zh(plain))?.text["zh-CN"]).toMatch(/“后来”“接着”“最后”等表示先后顺序的词/);
    expect(runRule(transitionsRule, zh(plain, { genre: "argumentative", year: 8 }))?.text["zh-CN"]).toMatch(
      /“首先”“例如”“因此”等过渡词/,
    );
  });

  it("praises three or more kinds of linking word", () => {
    expect(runRule(transitionsRule, en(EN_NEWS))?.weight).toBeGreaterThan(0);
  });
});

describe("sentences", () => {
  const runOn = `我和妈妈去公园放风筝，公园里有很多人，有的在跑步，有的在跳舞，还有的在放风筝，天上的风筝有老鹰，有蝴蝶，还有金鱼，真是太好看了，我们也把风筝放了起来。${ZH_G3_STORY}`;
  it("flags a run-on sentence by the level's measure", () => {
    expect(runRule(sentencesRule, zh(runOn))?.text["zh-CN"]).toMatch(/建议拆分/);
    expect(runRule(sentencesRule, zh(runOn, { year: 11 }))?.text["zh-CN"]).not.toMatch(/建议拆分/);
  });
});

describe("vocabulary", () => {
  it("praises a primary pupil for two good words, an older writer only for three", () => {
    const a = zh(ZH_G3_STORY);
    expect(a.sophisticated.length).toBeGreaterThanOrEqual(2);
    const primary = runRule(vocabularyRule, { ...a, sophisticated: a.sophisticated.slice(0, 2) });
    expect(primary?.weight).toBeGreaterThan(0);
    const older = runRule(vocabularyRule, { ...a, year: 9, sophisticated: a.sophisticated.slice(0, 2) });
    expect(older?.weight).toBeLessThan(0);
  });
});

describe("repetition", () => {
  it("names a word used over and over", () => {
    const text =
      "The dog is my dog. My dog likes the dog park. Every dog in the dog park knows my dog. The dog is a good dog.";
    const p = runRule(repetitionRule, en(text));
    expect(p?.text.en).toMatch(/'dog' is used \d+ times/);
    expect(runRule(repetitionRule, en(EN_NEWS))).toBeNull();
  });
});

describe("English conventions", () => {
  it("counts misspellings, grammar slips and lower-case starts of an English essay only", () => {
    const a = en(EN_WEAK);
    expect(runRule(spellingRule, a)?.text.en).toMatch(/misspellings such as/);
    expect(runRule(capitalsRule, a)?.weight).toBeLessThan(0);
    expect(
      runRule(grammarSlipsRule, en("He want a dog. She don't like cats. We was happy about it."))?.weight,
    ).toBeLessThan(0);
    for (const rule of [spellingRule, capitalsRule, grammarSlipsRule])
      expect(runRule(rule, zh(ZH_G3_STORY))).toBeNull();
  });

  it("says a long text has no spelling errors when it has none", () => {
    expect(runRule(spellingRule, en(EN_NEWS))?.weight).toBeGreaterThan(0);
  });
});

describe("Chinese conventions", () => {
  it("tells a primary pupil gently about pinyin written for characters", () => {
    const p = runRule(pinyinRule, zh(ZH_G3_STORY_PINYIN));
    expect(p?.text["zh-CN"]).toMatch(/有3处用拼音代替了汉字（如hu→蝴/);
    expect(p?.text["zh-CN"]).toMatch(/学会写这些字/);
    const older = runRule(pinyinRule, zh(ZH_G3_STORY_PINYIN, { year: 9 }));
    expect(older?.text["zh-CN"]).toMatch(/应写成汉字/);
    expect(older!.weight).toBeLessThan(p!.weight);
  });

  it("counts wrong characters apart from pinyin, and praises none in a long enough text", () => {
    expect(runRule(wrongCharsRule, zh(ZH_G3_STORY_PINYIN))).toBeNull();
    expect(runRule(wrongCharsRule, zh(ZH_G3_STORY))?.weight).toBeGreaterThan(0);
    expect(runRule(wrongCharsRule, zh(`${ZH_G3_STORY}我觉的自已很棒。`))?.text["zh-CN"]).toMatch(/疑似错别字/);
  });

  it("flags half-width punctuation inside Chinese", () => {
    expect(runRule(punctuationRule, zh("我们去公园,风很大.风筝飞得很高。"))?.weight).toBeLessThan(0);
    expect(runRule(punctuationRule, zh(ZH_G3_STORY))).toBeNull();
  });
});

describe("practical writing", () => {
  it("checks a news report's headline, lead, quotations and person", () => {
    const a = analyze({ text: ZH_NEWS, topic: ZH_TOPIC, language: "zh" });
    expect(a.genre).toBe("news");
    expect(runRule(newsHeadlineRule, a)?.weight).toBeGreaterThan(0);
    expect(runRule(newsLeadRule, a)).not.toBeNull();
    expect(runRule(newsQuotesRule, a)?.weight).toBeGreaterThan(0);
    const first = analyze({
      text: EN_NEWS.replace(/the judges/gi, "I").replace(/their/g, "my"),
      topic: NEWS_TOPIC,
      language: "en",
    });
    expect(runRule(newsPersonRule, first)?.weight).toBeLessThan(0);
  });

  it("never checks a story as a news report", () => {
    const story = zh(ZH_G3_STORY);
    for (const rule of [newsHeadlineRule, newsLeadRule, newsQuotesRule, newsPersonRule]) {
      expect(runRule(rule, story)).toBeNull();
    }
    const all = RULES.map((r) => runRule(r, story)).filter((p) => p !== null);
    expect(all.map((p) => p.text["zh-CN"]).join("\n")).not.toMatch(/导语|新闻/);
  });

  it("checks a letter's greeting and closing", () => {
    const a = zh(ZH_LETTER, { topic: "给朋友写一封信" });
    expect(a.genre).toBe("letter");
    expect(runRule(letterGreetingRule, a)?.weight).toBeGreaterThan(0);
    expect(runRule(letterClosingRule, a)?.weight).toBeGreaterThan(0);
    const bare = zh("你好！上个星期我们学校举行了运动会，我参加了跑步比赛，得了第二名。", { topic: "给朋友写一封信" });
    expect(runRule(letterGreetingRule, bare)?.text["zh-CN"]).toMatch(/称呼/);
    expect(runRule(letterClosingRule, bare)?.weight).toBeLessThan(0);
  });

  it("checks a notice's title, time and place, and issuer", () => {
    const a = zh(ZH_NOTICE, { topic: "写一则通知" });
    expect(a.genre).toBe("notice");
    expect(runRule(noticeTitleRule, a)?.weight).toBeGreaterThan(0);
    expect(runRule(noticeDetailsRule, a)?.weight).toBeGreaterThan(0);
    expect(runRule(noticeIssuerRule, a)).toBeNull();
    const bare = zh("请同学们参加讲故事比赛。", { topic: "写一则通知" });
    expect(runRule(noticeTitleRule, bare)?.weight).toBeLessThan(0);
    expect(runRule(noticeDetailsRule, bare)?.text["zh-CN"]).toMatch(/时间和地点/);
    expect(runRule(noticeIssuerRule, bare)?.weight).toBeLessThan(0);
  });
});

describe("essay genres", () => {
  it("a story: dialogue and feelings", () => {
    const a = zh(ZH_G3_STORY);
    expect(runRule(dialogueRule, a)?.text["zh-CN"]).toMatch(/别着急/);
    expect(runRule(feelingsRule, a)?.weight).toBeGreaterThan(0);
    const flat = zh(
      "星期天我们去公园放风筝。风筝是蝴蝶形状的，有红色的翅膀和长长的尾巴。我们在草地上跑了很久，风筝飞上了天。后来风很大，线断了，风筝飞走了，落在一棵大树上。爸爸找来一根长竹竿，把风筝取了下来。太阳落山的时候我们回家了。我们走了很远的路，晚上吃了面条，然后洗澡睡觉了。",
    );
    expect(runRule(dialogueRule, flat)?.weight).toBeLessThan(0);
    expect(runRule(feelingsRule, flat)?.weight).toBeLessThan(0);
    expect(runRule(dialogueRule, zh(ZH_G3_STORY, { genre: "argumentative" }))).toBeNull();
  });

  it("a description: images and senses", () => {
    const a = zh(ZH_DESCRIPTION, { genre: "descriptive" });
    expect(runRule(imagesRule, a)?.text["zh-CN"]).toMatch(/用了比喻，写得形象：“它的壳硬硬的/);
    expect(runRule(sensesRule, a)?.weight).toBeGreaterThan(0);
    expect(runRule(sensesRule, zh(ZH_DESCRIPTION))).toBeNull();
  });

  it("an argument: position, examples and conclusion", () => {
    const a = zh(ZH_ARGUMENT, { genre: "argumentative", year: 8 });
    expect(runRule(positionRule, a)?.text["zh-CN"]).toMatch(/开头亮明观点/);
    expect(runRule(examplesRule, a)?.weight).toBeGreaterThan(0);
    expect(runRule(conclusionRule, a)?.text["zh-CN"]).toMatch(/结尾总结全文/);
    expect(runRule(positionRule, zh(ZH_ARGUMENT))).toBeNull();
  });

  it("an explanation: its order", () => {
    const a = zh(ZH_EXPLAIN, { genre: "expository" });
    expect(runRule(orderRule, a)?.text["zh-CN"]).toMatch(/按顺序说明/);
    expect(runRule(orderRule, zh(ZH_EXPLAIN))).toBeNull();
  });
});

describe("every rule", () => {
  it("speaks all three feedback languages, about one criterion", () => {
    const essays = [
      zh(ZH_G3_STORY),
      zh(ZH_G3_STORY_PINYIN.replace("。", ".").replace("蓝天", "蓝天蓝天蓝天蓝天蓝天蓝天蓝天蓝天")),
      zh(ZH_DESCRIPTION, { genre: "descriptive" }),
      zh(ZH_EXPLAIN, { genre: "expository" }),
      zh(`${ZH_G3_STORY}我觉的自已很棒。`, { year: 9, targetLength: 600 }),
      en(
        "The dog is my dog. My dog likes the dog park. Every dog in the dog park knows my dog. The dog is a good dog.",
      ),
      en("He want a dog. She don't like cats. We was happy about it."),
      zh("请同学们参加讲故事比赛。", { topic: "写一则通知" }),
      analyze({
        text: EN_NEWS.replace(/the judges/gi, "I").replace(/their/g, "my"),
        topic: NEWS_TOPIC,
        language: "en",
      }),
      zh(ZH_LETTER, { topic: "给朋友写一封信" }),
      zh(ZH_NOTICE, { topic: "写一则通知" }),
      zh(ZH_ARGUMENT, { genre: "argumentative", year: 8 }),
      analyze({ text: EN_NEWS, topic: NEWS_TOPIC, language: "en" }),
      en(EN_WEAK),
    ];
    const fired = new Set<string>();
    for (const a of essays) {
      for (const r of RULES) {
        const p = runRule(r, a);
        if (!p) continue;
        fired.add(r.id);
        for (const l of ["en", "zh-CN", "zh-TW"] as const) expect(p.text[l].length).toBeGreaterThan(3);
        expect(p.criterion).toBe(r.criterion);
      }
    }
    expect(RULES.map((r) => r.id).filter((id) => !fired.has(id))).toEqual([]);
  });
});
