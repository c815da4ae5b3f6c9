import { describe, expect, it } from "vitest";
import { carryReadings, readingsFromLines, suggestCorrections } from "../src/index.ts";

describe("recogniser evidence for the text being corrected", () => {
  const page = "大家认真的听讲。\n\n我觉得很开心。";
  const lines = [
    {
      text: "大家认真的听讲。",
      chars: [..."大家认真的听讲。"].map((c) => ({
        text: c,
        confidence: c === "的" ? 0.55 : 0.97,
        ...(c === "的" ? { alternatives: [{ text: "地", confidence: 0.4 }] } : {}),
      })),
    },
    { text: "我觉得很开心。", chars: [..."我觉得很开心。"].map((c) => ({ text: c, confidence: 0.96 })) },
  ];

  it("places each character's confidence on the page text the lines were joined into", () => {
    const r = readingsFromLines(page, lines, 100);
    expect(r).toHaveLength(15);
    expect(r[4]).toEqual({ offset: 104, length: 1, confidence: 0.55, alternatives: [{ text: "地", confidence: 0.4 }] });
    expect(r[8]).toMatchObject({ offset: 110, confidence: 0.96 });
  });

  it("keeps the evidence of untouched characters through the teacher's edits, and drops it where they typed", () => {
    const readings = readingsFromLines(page, lines);
    const edited = `今天${page.replace("开心", "高兴")}`;
    const carried = carryReadings(page, edited, readings);
    const de = carried.find((r) => r.confidence === 0.55)!;
    expect(edited[de.offset]).toBe("的");
    expect(carried.some((r) => edited.slice(r.offset, r.offset + 1) === "高")).toBe(false);
    expect(carried).toHaveLength(13);
    // the suggestion on the carried evidence: the recogniser offered 地 there, so it is an OCR slip
    const s = suggestCorrections(edited, { feedbackLanguage: "zh-CN", readings: carried }).suggestions;
    expect(s.find((x) => x.original === "的")).toMatchObject({ suggested: "地", kind: "ocr" });
  });

  it("leaves a child's pinyin the student's when the recogniser was unsure of its letters, but not a Han reading", () => {
    const text = "我们在湖边diao鱼，我觉的很开心。";
    const readings = [...text].map((c, i) => ({
      offset: i,
      length: 1,
      confidence: c === "o" || c === "的" ? 0.4 : 0.97,
    }));
    const s = suggestCorrections(text, { feedbackLanguage: "zh-CN", readings }).suggestions;
    expect(s.find((x) => x.original === "diao")).toMatchObject({ suggested: "钓", kind: "student" });
    expect(s.find((x) => x.original === "的")).toMatchObject({ kind: "ocr", evidence: "low-confidence" });
    // a digit glued to the run is the recogniser's reading of strokes
    const garbled = suggestCorrections("我们在湖边2diao鱼。", { feedbackLanguage: "zh-CN" }).suggestions;
    expect(garbled.find((x) => x.original === "diao")).toMatchObject({ kind: "ocr", evidence: "implausible-string" });
  });
});
