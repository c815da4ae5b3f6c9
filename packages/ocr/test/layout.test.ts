import { describe, expect, it } from "vitest";
import { groupRows, joinPieces, layoutLines, type Segment } from "../src/layout.ts";
import type { Quad } from "../src/types.ts";

const box = (x: number, y: number, w: number, h: number): Quad => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
const seg = (text: string, x: number, y: number, w = 100, h = 40): Segment => ({
  text,
  box: box(x, y, w, h),
  confidence: 0.9,
});

describe("joinPieces", () => {
  it("joins Chinese without spaces and English with spaces", () => {
    expect(joinPieces("我们", "去公园")).toBe("我们去公园");
    expect(joinPieces("我们，", "去")).toBe("我们，去");
    expect(joinPieces("hello", "world")).toBe("hello world");
    expect(joinPieces("", "x")).toBe("x");
    expect(joinPieces("今天学了", "pinyin")).toBe("今天学了pinyin");
  });
});

describe("groupRows", () => {
  it("orders rows top to bottom and segments left to right", () => {
    const rows = groupRows([seg("world", 200, 5), seg("second", 0, 100), seg("hello", 0, 0)]);
    expect(rows.map((r) => r.segs.map((s) => s.text))).toEqual([["hello", "world"], ["second"]]);
  });
  it("follows a slanted line", () => {
    const rows = groupRows([seg("a", 0, 0), seg("b", 110, 12), seg("c", 220, 24), seg("next", 0, 60)]);
    expect(rows.map((r) => r.segs.map((s) => s.text).join(" "))).toEqual(["a b c", "next"]);
  });
  it("does not merge horizontally overlapping boxes into one row", () => {
    const rows = groupRows([seg("top", 0, 0, 300, 40), seg("low", 10, 18, 300, 40)]);
    expect(rows).toHaveLength(2);
  });
});

describe("layoutLines", () => {
  it("starts a paragraph at an indented line", () => {
    const segs = [
      seg("　第一段第一行", 80, 0, 800),
      seg("第一段第二行", 0, 60, 880),
      seg("第一段末", 0, 120, 300),
      seg("第二段第一行", 80, 180, 800),
      seg("第二段第二行", 0, 240, 880),
    ];
    const { text, lines } = layoutLines(segs, { paragraphs: true });
    expect(text).toBe("第一段第一行\n第一段第二行\n第一段末\n\n第二段第一行\n第二段第二行");
    expect(lines.map((l) => l.paragraph)).toEqual([0, 0, 0, 1, 1]);
  });
  it("starts a paragraph after a large vertical gap", () => {
    const segs = [seg("one", 0, 0), seg("two", 0, 60), seg("three", 0, 120), seg("four", 0, 300), seg("five", 0, 360)];
    expect(layoutLines(segs, { paragraphs: true }).text).toBe("one\ntwo\nthree\n\nfour\nfive");
  });
  it("keeps one paragraph when the step is off", () => {
    const segs = [seg("one", 0, 0), seg("two", 80, 60), seg("three", 0, 300)];
    expect(layoutLines(segs, { paragraphs: false }).text).toBe("one\ntwo\nthree");
  });
  it("returns empty text for no segments", () => {
    expect(layoutLines([], { paragraphs: true })).toEqual({ lines: [], text: "" });
  });
});
