import { describe, expect, it } from "vitest";
import { COHORT_MIN, classTarget, cohortLength, textLength } from "../src/cohort.ts";
import { analyze } from "../src/features.ts";
import { grade } from "../src/index.ts";

const answer = (i: number) =>
  `Last summer I waited ${i + 2} hours for my turn at the dentist. I was bored and a little scared, but I stayed calm. ` +
  "I read a book about sharks and talked with an old man who told me about his farm. When my name was called " +
  "I felt proud that I had been patient the whole time without complaining to my mother.";
const CLASS = Array.from({ length: 8 }, (_, i) => answer(i));
const TOPIC = "Tell about a time when you were patient.";

describe("the class's length", () => {
  it("counts words, and Han characters with a pinyin syllable as one", () => {
    expect(textLength("I read a book about sharks.", "en")).toBe(6);
    expect(textLength("我很gao兴。", "zh")).toBe(4);
  });

  it("is the median of the other texts, from five of them on", () => {
    expect(cohortLength(CLASS.slice(0, COHORT_MIN - 1), "en")).toBeUndefined();
    expect(cohortLength(["one two", "a b c", "x", "p q r s", "m n o p q", ""], "en")).toBe(3);
    expect(cohortLength(CLASS, "en")).toBe(62);
  });

  it("moves the level's length only by the part of the difference beyond 15 %", () => {
    expect(classTarget(310, 340)).toBe(310);
    expect(classTarget(310, 270)).toBe(310);
    expect(classTarget(310, undefined)).toBe(310);
    // a class writing a fifth of the table's length: the target lands 15 % above the class's median
    expect(classTarget(310, 62)).toBe(Math.round(62 * Math.exp(0.15)));
    expect(classTarget(110, 400)).toBe(Math.round(400 * Math.exp(-0.15)));
  });
});

describe("grading with the class's texts", () => {
  const essay = `${answer(9)} Later my sister asked how I could sit so long, and I told her that waiting is easier when you find something to do.`;
  const g = (cohort?: string[], targetLength?: number) =>
    grade({ text: essay, topic: TOPIC, language: "en", grade: 8, feedbackLanguage: "en", cohort, targetLength });

  it("judges an answer against what its class wrote when the level's length does not fit the task", () => {
    const a = analyze({ text: essay, topic: TOPIC, language: "en", year: 8, cohortLength: 62 });
    expect(a).toMatchObject({ target: 72, targetSource: "class" });
    expect(g(CLASS).totalScore).toBeGreaterThan(g().totalScore);
    const r = g(CLASS);
    expect(JSON.stringify([r.feedback, r.criteria])).toMatch(/the class's essays on this task run to about 72/);
  });

  it("leaves a length the teacher named, and a class too small to say anything, alone", () => {
    expect(g(CLASS, 300).totalScore).toBe(g(undefined, 300).totalScore);
    expect(g(CLASS.slice(0, 4)).totalScore).toBe(g().totalScore);
  });
});
