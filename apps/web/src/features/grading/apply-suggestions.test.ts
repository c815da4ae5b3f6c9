import { describe, expect, it } from "vitest";
import { applySuggestions } from "./apply-suggestions.ts";

describe("applySuggestions", () => {
  it("applies several suggestions by offset", () => {
    const text = "I recieve teh letter";
    const result = applySuggestions(text, [
      { original: "recieve", suggested: "receive", start: 2, end: 9 },
      { original: "teh", suggested: "the", start: 10, end: 13 },
    ]);
    expect(result).toEqual({ text: "I receive the letter", skipped: [] });
  });

  it("finds the original text again after the teacher edited before it", () => {
    const result = applySuggestions("Today I recieve it", [
      { original: "recieve", suggested: "receive", start: 2, end: 9 },
    ]);
    expect(result.text).toBe("Today I receive it");
  });

  it("skips a suggestion whose text is gone", () => {
    const edit = { original: "在", suggested: "再", start: 0, end: 1 };
    expect(applySuggestions("我们明天见", [edit])).toEqual({ text: "我们明天见", skipped: [edit] });
  });

  it("skips overlapping suggestions", () => {
    const result = applySuggestions("abcdef", [
      { original: "bcd", suggested: "X", start: 1, end: 4 },
      { original: "cde", suggested: "Y", start: 2, end: 5 },
    ]);
    expect(result.text).toBe("abYf");
    expect(result.skipped).toHaveLength(1);
  });
});
