import { describe, expect, it } from "vitest";
import { diffText } from "./text-diff.ts";

describe("diffText", () => {
  it("reports identical texts as unchanged", () => {
    expect(diffText("我们的学校", "我们的学校")).toEqual({
      parts: [{ type: "same", text: "我们的学校" }],
      stats: { added: 0, removed: 0, unchanged: 5 },
    });
  });

  it("finds a substituted character", () => {
    const { parts, stats } = diffText("今天天气很好", "今天天汽很好");
    expect(parts).toEqual([
      { type: "same", text: "今天天" },
      { type: "removed", text: "气" },
      { type: "added", text: "汽" },
      { type: "same", text: "很好" },
    ]);
    expect(stats).toEqual({ added: 1, removed: 1, unchanged: 5 });
  });

  it("resyncs after an insertion and a deletion within the look-ahead", () => {
    expect(diffText("the cat sat", "the black cat sat").parts).toEqual([
      { type: "same", text: "the " },
      { type: "added", text: "black " },
      { type: "same", text: "cat sat" },
    ]);
    expect(diffText("the black cat sat", "the cat sat").stats).toEqual({ added: 0, removed: 6, unchanged: 11 });
  });

  it("does not resync beyond ten characters", () => {
    const inserted = "ABCDEFGHIJKL"; // 12 characters: further than the look-ahead
    const { stats } = diffText("xy", `x${inserted}y`);
    expect(stats.unchanged).toBe(1);
    expect(stats.added).toBeGreaterThanOrEqual(12);
  });

  it("handles empty sides", () => {
    expect(diffText("", "abc").stats).toEqual({ added: 3, removed: 0, unchanged: 0 });
    expect(diffText("abc", "").stats).toEqual({ added: 0, removed: 3, unchanged: 0 });
  });
});
