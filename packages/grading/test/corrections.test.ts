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
