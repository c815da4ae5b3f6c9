import { describe, expect, it } from "vitest";
import { suggestCorrections } from "../src/index.ts";

const find = (r: ReturnType<typeof suggestCorrections>, original: string) =>
  r.suggestions.find((s) => s.original === original);

describe("suggestCorrections (English)", () => {
  const text = "i recieve a email every day. The the rnoon was bright over the c1ass.";
  const r = suggestCorrections(text, { language: "en" });

  it("flags the student's own errors", () => {
    const sp = find(r, "recieve")!;
    expect(sp).toMatchObject({ suggested: "receive", kind: "student" });
    expect(text.slice(sp.start, sp.end)).toBe("recieve");
    expect(sp.confidence).toBeGreaterThan(0.5);
    expect(sp.confidence).toBeLessThanOrEqual(1);
    expect(find(r, "a")).toMatchObject({ suggested: "an", kind: "student" });
    expect(find(r, "The the")).toMatchObject({ suggested: "The", kind: "student" });
    expect(find(r, "i")).toMatchObject({ suggested: "I", kind: "student" });
  });

  it("ranks several spelling candidates", () => {
    const s = suggestCorrections("She was very hapy today.", { language: "en" }).suggestions[0]!;
    expect(s.suggested).toBe("happy");
    expect(s.kind).toBe("student");
    expect(Array.isArray(s.alternatives)).toBe(true);
  });

  it("flags likely OCR misreadings", () => {
    expect(find(r, "rnoon")).toMatchObject({ suggested: "moon", kind: "ocr" });
    expect(find(r, "c1ass")).toMatchObject({ suggested: "class", kind: "ocr" });
  });

  it("does not spell-check names in mid-sentence", () => {
    const r2 = suggestCorrections("Yesterday my friend Li Hua met Mr. Kurmaskie at the libary.", { language: "en" });
    expect(r2.suggestions.map((x) => x.original)).toEqual(["libary"]);
  });

  it("does not treat abbreviations as sentence ends", () => {
    const r2 = suggestCorrections("We sold snacks, e.g. cookies and juice, at 3 p.m. on Friday.", { language: "en" });
    expect(r2.suggestions.filter((x) => x.reason.includes("capital"))).toEqual([]);
  });

  it("gives reasons in the feedback language", () => {
    const zh = suggestCorrections(text, { language: "en", feedbackLanguage: "zh-CN" });
    expect(find(zh, "recieve")!.reason).toMatch(/拼写/);
    const tw = suggestCorrections(text, { language: "en", feedbackLanguage: "zh-TW" });
    expect(find(tw, "recieve")!.reason).toMatch(/拼寫/);
  });
});

describe("suggestCorrections (Chinese)", () => {
  const text = "周未我们去了公园，自已觉的很开心，我很gao兴。大家认真的听讲。";
  const r = suggestCorrections(text, { feedbackLanguage: "zh-CN" });

  it("finds wrong characters, pinyin and look-alike misreadings", () => {
    expect(find(r, "未")).toMatchObject({ suggested: "末", kind: "ocr" });
    expect(find(r, "已")).toMatchObject({ suggested: "己", kind: "student" });
    expect(find(r, "gao")).toMatchObject({ suggested: "高", kind: "student" });
    const de = r.suggestions.filter((s) => s.original === "的");
    expect(de.map((s) => s.suggested).sort()).toEqual(["地", "得"]);
    for (const s of r.suggestions) expect(text.slice(s.start, s.end)).toBe(s.original);
  });

  it("reads pinyin by the characters around it, and names the character it stands for", () => {
    const r2 = suggestCorrections("比赛开始了，我们去河边diao鱼，他hai是很开心。", { feedbackLanguage: "zh-CN" });
    expect(find(r2, "diao")).toMatchObject({ suggested: "钓", kind: "student" });
    expect(find(r2, "hai")).toMatchObject({ suggested: "还", reason: "写了拼音 hai，应写作「还」。" });
    const tw = suggestCorrections("我們去河邊diao魚，他hai是很開心。", { feedbackLanguage: "zh-TW" });
    expect(find(tw, "hai")).toMatchObject({ suggested: "還", reason: "寫了拼音 hai，應寫作「還」。" });
  });

  it("points out pinyin without suggesting a character when the context cannot tell", () => {
    const s = find(suggestCorrections("我有一个mao。", { feedbackLanguage: "zh-CN" }), "mao")!;
    expect(s.suggested).toBe("mao");
    expect(s.reason).toMatch(/写了拼音 mao/);
    expect(s.alternatives).toEqual(expect.arrayContaining(["毛", "猫"]));
  });

  it("gives reasons in English when asked", () => {
    const en = suggestCorrections(text, { feedbackLanguage: "en" });
    expect(find(en, "gao")!.reason).toMatch(/Pinyin/);
  });

  it("leaves correct text alone", () => {
    expect(suggestCorrections("周末我们去了公园，自己觉得很开心。").suggestions).toEqual([]);
  });
});

describe("suggestCorrections (handwritten line breaks)", () => {
  it("checks a word hyphenated across a line break as one word", () => {
    const r = suggestCorrections("He spoke at the press con-\nference on Friday.", {
      language: "en",
      feedbackLanguage: "en",
    });
    expect(r.suggestions.map((x) => x.original)).toEqual([]);
    const wrong = suggestCorrections("He spoke at the press con-\nferense on Friday.", {
      language: "en",
      feedbackLanguage: "en",
    });
    expect(wrong.suggestions.map((x) => x.original)).toContain("ferense");
  });
});

describe("suggestCorrections (English grammar)", () => {
  const text =
    "He want to be a doctor. Their is a hospital near his house. Last year he could of won the race. " +
    "He is more faster than me, and we was proud. I didn't went home. Your welcome to join. Its a good day. " +
    "My friend is taller then me and alot of people like him.";
  const r = suggestCorrections(text, { language: "en", feedbackLanguage: "en" });

  it("finds the common grammar slips as the student's own errors", () => {
    const slips = Object.fromEntries(r.suggestions.map((s) => [s.original, s.suggested]));
    expect(slips).toMatchObject({
      "He want": "He wants",
      "Their is": "There is",
      "could of": "could have",
      "more faster": "faster",
      "we was": "we were",
      "didn't went": "didn't go",
      "Your welcome": "You're welcome",
      "Its a": "It's a",
      "taller then": "taller than",
      alot: "a lot",
    });
    for (const s of r.suggestions) {
      expect(s.kind).toBe("student");
      expect(text.slice(s.start, s.end)).toBe(s.original);
    }
    // "alot" gets the grammar suggestion only, not a spelling one as well
    expect(r.suggestions.filter((s) => s.original === "alot")).toHaveLength(1);
  });

  it("leaves questions, causatives, the subjunctive and object pronouns alone", () => {
    const fine =
      "Does he want to come? Let him go. If he were here, we would help. They made it work. " +
      "Those who deserve it are rewarded. What I told you was true. I would of course help. " +
      "It was better then, but now it's worse. Their house is there. The dog wagged its tail. " +
      "Most of us were there and it's their own choice. He is younger than I am.";
    expect(suggestCorrections(fine, { language: "en" }).suggestions).toEqual([]);
  });

  it("explains each slip in the feedback language", () => {
    const zh = suggestCorrections("She don't like it.", { language: "en", feedbackLanguage: "zh-CN" });
    expect(zh.suggestions[0]).toMatchObject({ original: "She don't", suggested: "She doesn't" });
    expect(zh.suggestions[0]!.reason).toMatch(/主谓不一致/);
    const tw = suggestCorrections("They should of gone.", { language: "en", feedbackLanguage: "zh-TW" });
    expect(tw.suggestions[0]!.reason).toMatch(/情態動詞/);
  });
});

describe("suggestCorrections (slips of Chinese learners of English)", () => {
  it("finds paired conjunctions, 'am agree', 'there have', 'very like', 'look forward to see' and 'make me to'", () => {
    const text =
      "Although it rained, but we still went to the park. Because I was tired, so I went to bed early. " +
      "I am agree with you. There have many people in the park. I very like English. " +
      "I am looking forward to see you. Despite of the rain, we played. We discussed about the plan. " +
      "It made me to feel happy.";
    const r = suggestCorrections(text, { language: "en", feedbackLanguage: "en" });
    expect(r.suggestions.map((s) => [s.original, s.suggested])).toEqual([
      [", but", ","],
      [", so", ","],
      ["am agree", "agree"],
      ["There have", "There are"],
      ["very like", "really like"],
      ["to see", "to seeing"],
      ["Despite of", "Despite"],
      ["discussed about", "discussed"],
      ["me to", "me"],
    ]);
    for (const s of r.suggestions) expect(text.slice(s.start, s.end)).toBe(s.original);
    const zh = suggestCorrections("I very like English.", { language: "en", feedbackLanguage: "zh-CN" });
    expect(zh.suggestions[0]!.reason).toMatch(/very 不能直接修饰动词/);
  });

  it("leaves the right uses alone", () => {
    const fine =
      "We made it to the final. There have been many changes. There has also been rain. " +
      "The people over there have cars. He looks very like his father. Although he is young, he is brave. " +
      'Though the sun was hot, he rode on, as he says "The road was long, but I kept going." ' +
      "Because it rained, we stayed in. We talked about the plan.";
    expect(suggestCorrections(fine, { language: "en" }).suggestions).toEqual([]);
  });
});

describe("suggestCorrections (kinds decided by evidence)", () => {
  it("calls recognition garbage an OCR slip, never a student error", () => {
    const text = "We visited the PyK0n near the implEit and knty said the lncel was high.";
    const r = suggestCorrections(text, { language: "en", feedbackLanguage: "en" });
    for (const word of ["PyK0n", "implEit", "knty", "lncel"]) {
      expect(find(r, word), word).toMatchObject({ kind: "ocr", evidence: "implausible-string" });
    }
    expect(r.suggestions.filter((s) => s.kind === "student")).toEqual([]);
  });

  it("keeps real misspellings as the student's own, with their evidence and rule", () => {
    const r = suggestCorrections("I recieve a letter becouse she was hapy.", {
      language: "en",
      feedbackLanguage: "en",
    });
    expect(find(r, "recieve")).toMatchObject({ kind: "student", evidence: "learner-slip", rule: "spelling" });
    expect(find(r, "becouse")).toMatchObject({ suggested: "because", kind: "student" });
    expect(find(r, "hapy")).toMatchObject({ suggested: "happy", kind: "student" });
  });

  it("makes a suggestion an OCR slip where the recogniser was unsure, or read the suggestion as its next best", () => {
    const text = "I recieve a letter.";
    const at = text.indexOf("recieve");
    const unsure = suggestCorrections(text, {
      language: "en",
      readings: [{ offset: at + 3, length: 1, confidence: 0.4 }],
    });
    expect(find(unsure, "recieve")).toMatchObject({ kind: "ocr", evidence: "low-confidence" });
    const confident = suggestCorrections(text, {
      language: "en",
      readings: [...text].map((_, offset) => ({ offset, length: 1, confidence: 0.97 })),
    });
    expect(find(confident, "recieve")).toMatchObject({ kind: "student", evidence: "learner-slip" });

    const zh = "大家认真的听讲。";
    const de = zh.indexOf("的");
    const photo = suggestCorrections(zh, {
      feedbackLanguage: "zh-CN",
      readings: [{ offset: de, length: 1, confidence: 0.9, alternatives: [{ text: "地", confidence: 0.6 }] }],
    });
    expect(find(photo, "的")).toMatchObject({ suggested: "地", kind: "ocr", evidence: "recogniser-alternative" });
    expect(find(suggestCorrections(zh, { feedbackLanguage: "zh-CN" }), "的")).toMatchObject({ kind: "student" });
  });

  it("treats capitalised pinyin, or pinyin among other letters, in Chinese text as the recogniser's reading", () => {
    const r = suggestCorrections("今天我们去河边Diao鱼。", { feedbackLanguage: "zh-CN" });
    expect(find(r, "Diao")).toMatchObject({ suggested: "钓", kind: "ocr", evidence: "implausible-string" });
    const garbled = suggestCorrections("他就会来deu dou它，妈妈hai yin很开心。", { feedbackLanguage: "zh-CN" });
    expect(find(garbled, "dou")).toMatchObject({ kind: "ocr" });
    const clean = suggestCorrections("我就会来dou它，妈妈hai是很开心。", { feedbackLanguage: "zh-CN" });
    expect(find(clean, "dou")).toMatchObject({ kind: "student" });
  });
});
