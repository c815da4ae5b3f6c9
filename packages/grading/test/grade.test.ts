import { beforeAll, describe, expect, it } from "vitest";
import { analyze, taskKind } from "../src/features.ts";
import { runRule } from "../src/feedback/index.ts";
import { vocabularyRule } from "../src/feedback/rules/vocabulary.ts";
import { createGrader, fitCalibration, grade, rawTotal } from "../src/index.ts";
import { EN_NEWS, EN_WEAK, NEWS_TOPIC, ZH_NEWS, ZH_TOPIC, ZH_WEAK } from "./fixtures.ts";

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("embedded grader", () => {
  beforeAll(() => {
    // load the lazily loaded dictionaries once, before the tests
    grade({ text: EN_WEAK, topic: NEWS_TOPIC, feedbackLanguage: "en" });
    grade({ text: ZH_WEAK, topic: ZH_TOPIC, feedbackLanguage: "en" });
  });

  it("total is the sum of the criterion scores, within bounds", () => {
    for (const [text, topic] of [
      [EN_NEWS, NEWS_TOPIC],
      [EN_WEAK, NEWS_TOPIC],
      [ZH_NEWS, ZH_TOPIC],
      [ZH_WEAK, ZH_TOPIC],
      ["", NEWS_TOPIC],
    ] as const) {
      const r = grade({ text, topic, feedbackLanguage: "en" });
      expect(r.totalScore).toBe(sum(r.criteria.map((c) => c.score)));
      expect(Number.isInteger(r.totalScore)).toBe(true);
      expect(r.totalScore).toBeGreaterThanOrEqual(0);
      expect(r.totalScore).toBeLessThanOrEqual(40);
      for (const c of r.criteria) {
        expect(c.score).toBeGreaterThanOrEqual(0);
        expect(c.score).toBeLessThanOrEqual(c.max);
      }
      expect(sum(r.criteria.map((c) => c.max))).toBe(40);
      expect(r.engine).toBe("embedded");
    }
  });

  it("is deterministic", () => {
    const a = grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en", targetLength: 500 });
    const b = grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en", targetLength: 500 });
    expect(b).toEqual(a);
  });

  it("ranks a developed report above a weak one, in both languages", () => {
    const good = grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en" });
    const weak = grade({ text: EN_WEAK, topic: NEWS_TOPIC, feedbackLanguage: "en" });
    expect(good.totalScore).toBeGreaterThan(weak.totalScore + 5);
    const zg = grade({ text: ZH_NEWS, topic: ZH_TOPIC, feedbackLanguage: "zh-CN" });
    const zw = grade({ text: ZH_WEAK, topic: ZH_TOPIC, feedbackLanguage: "zh-CN" });
    expect(zg.totalScore).toBeGreaterThan(zw.totalScore + 5);
  });

  it("tells a response to a source text from an essay by its topic", () => {
    expect(taskKind("Describe the mood created by the author in the memoir.", "en")).toBe("source");
    expect(taskKind("Based on the excerpt, explain why the bridge was closed.", "en")).toBe("source");
    expect(taskKind("Write a letter to your local newspaper about the effects of computers.", "en")).toBe("essay");
    expect(taskKind("Write about a time when you were patient.", "en")).toBe("essay");
    expect(taskKind("阅读下面的材料，根据要求写作。", "zh")).toBe("essay");
  });

  it("judges a short answer's length against its task: longer is expected of an essay", () => {
    // ~110 words: a full answer to a question about a reading, a short essay
    const text = `The heat makes the ride much harder for the cyclist. First, the sun is so strong that he drinks his water
too early, and then he has nothing left when the road climbs. Second, the towns on his map are empty, so he cannot buy
anything to drink. For example, he finds a pump, but the water that comes out is warm and tastes like metal. Because of
this he feels dizzy and starts to worry that he will not make it. The long hills and the rough road also slow him down,
which keeps him in the sun even longer. In the end the setting teaches him to plan ahead and to trust maps less.`;
    const source = grade({
      text,
      topic: "Explain how the heat affects the cyclist in the story.",
      feedbackLanguage: "en",
    });
    const essay = grade({ text, topic: "Explain how the heat affects the cyclist.", feedbackLanguage: "en" });
    expect(source.totalScore).toBeGreaterThan(essay.totalScore);
  });

  it("writes feedback in the requested language, specific to the essay", () => {
    const en = grade({ text: EN_WEAK, topic: NEWS_TOPIC, feedbackLanguage: "en" });
    const all = [en.feedback.overall, ...en.feedback.strengths, ...en.feedback.improvements].join("\n");
    expect(all).toMatch(/misspelling/);
    expect(all).toMatch(/recieve|becuase|alot/);
    expect(en.feedback.improvements.length).toBeGreaterThan(0);

    const cn = grade({ text: EN_WEAK, topic: NEWS_TOPIC, feedbackLanguage: "zh-CN" });
    const cnAll = [cn.feedback.overall, ...cn.feedback.improvements].join("\n");
    expect(cnAll).toMatch(/拼写错误/);
    expect(cn.criteria[0]!.label).toBe("内容与切题");

    const tw = grade({ text: ZH_WEAK, topic: ZH_TOPIC, feedbackLanguage: "zh-TW" });
    const twAll = [tw.feedback.overall, ...tw.feedback.improvements].join("\n");
    expect(twAll).toMatch(/錯別字/);
    expect(twAll).toMatch(/自已|已→己/);
    expect(tw.criteria[0]!.label).toBe("內容與切題");

    const zhEn = grade({ text: ZH_NEWS, topic: ZH_TOPIC, feedbackLanguage: "en" });
    expect(zhEn.feedback.overall).toMatch(/^\d+\/40 \(/);
    expect(zhEn.feedback.overall).toMatch(/character/);
    // points at a paragraph or quotes the essay
    expect(JSON.stringify(zhEn.feedback)).toMatch(/paragraph|校园科技节/);
  });

  it("calibration maps raw totals monotonically onto the teacher's scale", () => {
    const map = fitCalibration([
      { raw: 20, teacher: 25 },
      { raw: 25, teacher: 30 },
      { raw: 30, teacher: 36 },
      { raw: 15, teacher: 18 },
    ]);
    let prev = -1;
    for (let r = 0; r <= 40; r++) {
      const v = map.apply(r);
      expect(v).toBeGreaterThanOrEqual(prev);
      expect(v).toBeLessThanOrEqual(40);
      prev = v;
    }
    expect(map.apply(25)).toBeGreaterThan(26);

    const raw = rawTotal({ text: EN_NEWS, topic: NEWS_TOPIC });
    const calibrated = grade({
      text: EN_NEWS,
      topic: NEWS_TOPIC,
      feedbackLanguage: "en",
      calibration: [
        { rawTotal: raw - 6, teacherScore: 20 },
        { rawTotal: raw, teacherScore: 26 },
        { text: EN_WEAK, teacherScore: 12 },
      ],
    });
    expect(calibrated.totalScore).toBe(sum(calibrated.criteria.map((c) => c.score)));
    expect(Math.abs(calibrated.totalScore - 26)).toBeLessThanOrEqual(2);
  });

  it("uses the content of ≥ 30 teacher-scored texts when calibrating", () => {
    const sentences = EN_NEWS.split(/(?<=[.!?])\s+/);
    const weak = EN_WEAK.split(/(?<=[.!?])\s+/);
    // 30 calibration texts built from the fixtures: more report sentences → higher teacher score
    const calibration = Array.from({ length: 30 }, (_, i) => {
      const k = 2 + (i % 10);
      const text = [...sentences.slice(0, k), ...weak.slice(0, 10 - (i % 10))].join(" ");
      return { text, teacherScore: 12 + 2.5 * (i % 10) };
    });
    const a = grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en", calibration });
    const b = grade({ text: EN_WEAK, topic: NEWS_TOPIC, feedbackLanguage: "en", calibration });
    expect(a.totalScore).toBe(sum(a.criteria.map((c) => c.score)));
    expect(a.totalScore).toBeGreaterThan(b.totalScore);
    expect(grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en", calibration })).toEqual(a);
  });

  it("createGrader('embedded') grades asynchronously", async () => {
    const g = createGrader({ provider: "embedded" });
    expect(g.id).toBe("embedded");
    const r = await g.grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en" });
    expect(r.totalScore).toBe(grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en" }).totalScore);
  });

  it("weighs length against an explicit target and checks the news-report genre", () => {
    const onTarget = grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en", targetLength: 200 });
    const short = grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en", targetLength: 600 });
    const content = (r: typeof onTarget) => r.criteria.find((c) => c.key === "content")!.score;
    expect(content(short)).toBeLessThan(content(onTarget));
    expect(short.feedback.improvements.join(" ")).toMatch(/target of about 600/);
    const all = JSON.stringify(onTarget.criteria.find((c) => c.key === "content")!.evidence);
    expect(all).toMatch(/Science Fair Draws Record Crowd/); // the headline is quoted
    const noHeadline = grade({
      text: EN_NEWS.split("\n").slice(2).join("\n"),
      topic: NEWS_TOPIC,
      feedbackLanguage: "en",
    });
    expect(JSON.stringify(noHeadline.criteria)).toMatch(/needs a headline/);
  });

  it("rejects a rubric that does not add up to 40", () => {
    expect(() =>
      grade({
        text: EN_NEWS,
        topic: NEWS_TOPIC,
        feedbackLanguage: "en",
        rubric: {
          criteria: [
            {
              key: "content",
              max: 10,
              label: { en: "c", "zh-CN": "c", "zh-TW": "c" },
              description: { en: "", "zh-CN": "", "zh-TW": "" },
            },
          ],
        },
      }),
    ).toThrow(/40/);
  });
});

describe("vocabulary praised in the feedback", () => {
  it("names words, not numbers or counted things", () => {
    const en = grade({ text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en" });
    const enPraise = [...en.feedback.strengths].find((s) => s.startsWith("Precise, less common vocabulary"));
    expect(enPraise).toBeDefined();
    expect(enPraise).not.toMatch(/'\d+'/);
    // the rule itself (the whole report stays below the 60 % of language points that praise needs)
    const zhPraise = runRule(vocabularyRule, analyze({ text: ZH_NEWS, topic: ZH_TOPIC, language: "zh" }));
    expect(zhPraise?.text["zh-CN"]).toMatch(/^用词较为丰富/);
    expect(zhPraise?.text["zh-CN"]).not.toContain("十届");
  });
});

describe("grammar slips in the feedback", () => {
  const text =
    "My best friend Tom is a kind boy who lives near our school. He want to be a doctor, because he think doctors " +
    "help people every day. Their is a hospital near his house, and he visits it every weekend to help the nurses " +
    "with small jobs.\n\nLast year he could of won the school race, but he fell near the end. He is faster than " +
    "me and stronger too. Everyone in our class likes him.";

  it("counts them and quotes the essay's own words, in each language", () => {
    const en = grade({ text, topic: "My best friend", feedbackLanguage: "en" });
    expect(en.feedback.improvements).toContain(
      "4 grammar slips such as 'He want' → 'He wants', 'he think' → 'he thinks'.",
    );
    const cn = grade({ text, topic: "My best friend", feedbackLanguage: "zh-CN" });
    expect(cn.feedback.improvements).toContain("有4处语法错误，如“He want”→“He wants”，“he think”→“he thinks”。");
    const tw = grade({ text, topic: "My best friend", feedbackLanguage: "zh-TW" });
    expect(tw.feedback.improvements).toContain(
      "有4處語法錯誤，如「He want」→「He wants」，「he think」→「he thinks」。",
    );
  });
});

describe("feedback on an English essay in Chinese", () => {
  const text =
    "My school has a big garden behind the library. We grow tomatoes, beans and sunflowers there every spring. " +
    "Each class looks after one small bed. My class planted twelve sunflowers this year. They grew taller than our teacher. " +
    "We measured them every Friday morning.";

  it("suggests English linking words and counts words, not characters", () => {
    const cn = grade({ text, topic: "Our school garden", feedbackLanguage: "zh-CN" });
    const all = [...cn.feedback.strengths, ...cn.feedback.improvements].join("\n");
    expect(all).toContain("6个句子之间没有使用关联词，可加入“then”“after that”“finally”等表示先后顺序的词。");
    expect(all).not.toMatch(/\d+字/);
    expect(all).not.toContain("首先");
    const tw = grade({ text, topic: "Our school garden", genre: "expository", feedbackLanguage: "zh-TW" });
    expect(tw.feedback.improvements.join("\n")).toContain("可加入「however」「for example」「as a result」等過渡詞");
  });

  it("does not praise an opening that never takes up the topic", () => {
    const weak =
      "I lik it. It is fun and we go ther. Me and my frend go to. It was nise and we lik it a lot. " +
      "We go hom at nite. It was fun.";
    const en = grade({ text: weak, topic: "Our school garden", feedbackLanguage: "en" });
    expect(en.feedback.strengths.join("\n")).not.toMatch(/states what the essay is about/);
    // nothing is praised unless its criterion earned it: this essay earns no criterion's half
    for (const c of en.criteria) expect(c.score / c.max).toBeLessThan(0.5);
    expect(en.feedback.strengths).toEqual([]);
  });

  it("counts a Chinese essay in characters in English feedback", () => {
    const text =
      "我们的学校很美丽。操场上有很多大树。春天的花开得很好。同学们在树下读书。老师们也很喜欢这里。" +
      "下课后我们去跑步。天气好的时候很热闹。我爱我们的学校。";
    const en = grade({ text, topic: "我的学校", feedbackLanguage: "en" });
    expect(en.feedback.improvements.join("\n")).toContain(
      "Most of the 8 sentences have a similar length (half of them",
    );
    const all = [en.feedback.overall, ...en.feedback.strengths, ...en.feedback.improvements].join("\n");
    expect(all).toMatch(/\d+ characters/);
    expect(all).not.toMatch(/\d+ words/);
  });
});

describe("Chinese vocabulary praised in the feedback", () => {
  it("skips negations, diminutives and words already quoted inside an idiom", () => {
    const text =
      "春天来了，校园里多姿多彩。花儿开得正艳，蔚蓝的天空下，同学们在操场上奔跑。\n" +
      "我不信春天会这么快过去。那天我和好朋友擦肩而过，她的脸庞红红的，我只好自我安慰。\n" +
      "多彩的春天让我明白，美好的时光要好好珍惜。";
    const zh = grade({ text, topic: "春天", grade: 2, feedbackLanguage: "zh-CN" });
    const praise = zh.feedback.strengths.find((s) => s.startsWith("用词较为丰富"));
    expect(praise).toBeDefined();
    expect(praise).toContain("多姿多彩");
    expect(praise).not.toMatch(/“多彩”|“花儿”|“不信”/);
  });
});
