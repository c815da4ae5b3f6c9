import { describe, expect, it } from "vitest";
import type { CharLm } from "../src/ctc.ts";
import { beamDecode, greedyDecode } from "../src/ctc.ts";
import { alignOps, type CharRead, charReadings, quadAxis, realign, rectAxis } from "../src/reading.ts";
import type { Quad } from "../src/types.ts";

const dict = ["上", "土", "大", "，"];
// classes: 0 blank, 1 上, 2 土, 3 大, 4 ，
function frames(rows: number[][]) {
  return { probs: Float32Array.from(rows.flat()), T: rows.length, C: 5, dict, width: rows.length * 8, height: 48 };
}
// a line box 100 px wide and 20 px tall at (10, 50)
const box: Quad = [
  [10, 50],
  [110, 50],
  [110, 70],
  [10, 70],
];

describe("per-character readings from the CTC frames", () => {
  const out = frames([
    [0.9, 0.05, 0.05, 0, 0],
    [0.1, 0.6, 0.3, 0, 0],
    [0.5, 0.3, 0.2, 0, 0],
    [0.9, 0.05, 0.05, 0, 0],
    [0.9, 0.05, 0.05, 0, 0],
    [0.02, 0, 0, 0.98, 0],
    [0.95, 0, 0, 0.05, 0],
    [0.9, 0.05, 0.05, 0, 0],
  ]);
  const dec = greedyDecode(out.probs, out.T, out.C, dict);

  it("gives each character its confidence and the recogniser's other readings at its frames", () => {
    expect(dec.text).toBe("上大");
    const reads = charReadings(dec.text, dec.steps, out, quadAxis(box));
    expect(reads.map((r) => r.text)).toEqual(["上", "大"]);
    const [shang, da] = reads;
    // 上 at 0.6 with 土 at 0.3 beside it: doubtful, 土 offered
    expect(shang!.confidence).toBeCloseTo(0.6, 2);
    expect(shang!.alternatives.map((a) => a.text)).toEqual(["土"]);
    expect(shang!.alternatives[0]!.confidence).toBeCloseTo(0.3, 2);
    // 大 read clearly
    expect(da!.confidence).toBeGreaterThan(0.95);
    expect(da!.alternatives).toEqual([]);
  });

  it("places each character on its part of the line, left to right without overlap", () => {
    const [shang, da] = charReadings(dec.text, dec.steps, out, quadAxis(box));
    const xs = (r: CharRead) => r.quad.map((p) => p[0]);
    expect(Math.min(...xs(shang!))).toBeGreaterThanOrEqual(10);
    expect(Math.max(...xs(shang!))).toBeLessThanOrEqual(Math.min(...xs(da!)) + 1e-9);
    expect(Math.max(...xs(da!))).toBeLessThanOrEqual(110);
    // 上 peaks at frame 1 of 8 (12.5–25% of the line), 大 at frame 5 (62.5–75%)
    const mid = (r: CharRead) => (Math.min(...xs(r)) + Math.max(...xs(r))) / 2;
    expect(mid(shang!)).toBeLessThan(10 + 0.4 * 100);
    expect(mid(da!)).toBeGreaterThan(10 + 0.55 * 100);
    for (const r of [shang!, da!]) for (const [, y] of r.quad) expect(y === 50 || y === 70).toBe(true);
  });

  it("combines the recogniser's posterior with the character model", () => {
    // the model prefers 土 after 大: the beam search reads 土 and its confidence rises above the bare posterior
    const lm: CharLm = { score: (prev, next) => (prev.endsWith("大") && next === "土" ? 3 : 0) };
    const o = frames([
      [0.02, 0, 0, 0.98, 0],
      [0.9, 0.05, 0.05, 0, 0],
      [0.1, 0.5, 0.4, 0, 0],
      [0.9, 0.05, 0.05, 0, 0],
    ]);
    const d = beamDecode(o.probs, o.T, o.C, dict, { lm, lmWeight: 0.5 });
    expect(d.text).toBe("大土");
    const plain = charReadings(d.text, d.steps, o, quadAxis(box));
    const withLm = charReadings(d.text, d.steps, o, quadAxis(box), { lm, lmWeight: 0.5 });
    expect(plain[1]!.confidence).toBeCloseTo(0.4, 2);
    expect(withLm[1]!.confidence).toBeGreaterThan(0.6);
    expect(withLm[1]!.alternatives[0]!.text).toBe("上");
  });
});

describe("readings carried over a rewrite of the text", () => {
  const read = (text: string, confidence: number, x: number): CharRead => ({
    text,
    confidence,
    alternatives: [],
    quad: [
      [x, 0],
      [x + 10, 0],
      [x + 10, 10],
      [x, 10],
    ],
  });
  const reads = [read("a", 0.9, 0), read("b", 0.5, 10), read("c", 0.8, 20)];

  it("keeps the characters left as they were, and a space put in sits between its neighbours", () => {
    const out = realign(reads, "ab c");
    expect(out.map((r) => r.text).join("")).toBe("ab c");
    expect(out[0]).toBe(reads[0]);
    expect(out[3]).toBe(reads[2]);
    expect(out[2]!.confidence).toBe(1);
    expect(out[2]!.quad[0]).toEqual([20, 0]);
  });

  it("a replaced character keeps its place and offers the old reading", () => {
    const out = realign(reads, "a，c");
    expect(out[1]!.text).toBe("，");
    expect(out[1]!.quad).toBe(reads[1]!.quad);
    expect(out[1]!.alternatives[0]).toEqual({ text: "b", confidence: 0.5 });
  });

  it("drops removed characters", () => {
    expect(realign(reads, "ac").map((r) => r.text)).toEqual(["a", "c"]);
  });

  it("aligns by the shortest edit", () => {
    const ops = alignOps([..."kitten"], [..."sitting"]);
    expect(ops.filter((o) => o.kind !== "keep")).toHaveLength(3);
  });
});

describe("line axes", () => {
  it("runs down a tall box that the crop turns counter-clockwise, its top on the right", () => {
    const axis = rectAxis({ cx: 50, cy: 100, w: 20, h: 100, angle: 0 });
    const [top0, bottom0] = axis(0);
    const [top1] = axis(1);
    expect(top0).toEqual([60, 50]);
    expect(bottom0).toEqual([40, 50]);
    expect(top1).toEqual([60, 150]);
  });
  it("runs along a wide box", () => {
    const axis = rectAxis({ cx: 50, cy: 10, w: 100, h: 20, angle: 0 });
    expect(axis(0)).toEqual([
      [0, 0],
      [0, 20],
    ]);
    expect(axis(1)[0]).toEqual([100, 0]);
  });
});
