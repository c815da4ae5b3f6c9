import { describe, expect, it } from "vitest";
import { beamDecode, type CharLm, greedyDecode } from "../src/ctc.ts";
import { insertWordGaps } from "../src/steps/wordgaps.ts";
import { solid } from "./helpers.ts";

const dict = ["a", "b", "c"];
// classes: 0 blank, 1 a, 2 b, 3 c
function probs(rows: number[][]): Float32Array {
  return Float32Array.from(rows.flat());
}

describe("CTC decoding", () => {
  const p = probs([
    [0.1, 0.8, 0.05, 0.05],
    [0.1, 0.8, 0.05, 0.05],
    [0.9, 0.05, 0.03, 0.02],
    [0.1, 0.8, 0.05, 0.05],
    [0.2, 0.1, 0.6, 0.1],
  ]);
  it("greedy collapses repeats and removes blanks", () => {
    const d = greedyDecode(p, 5, 4, dict);
    expect(d.text).toBe("aab");
    expect(d.steps).toEqual([0, 3, 4]);
    expect(d.confidence).toBeCloseTo((0.8 + 0.8 + 0.6) / 3);
  });
  it("beam search without LM agrees with greedy on a peaked output", () => {
    expect(beamDecode(p, 5, 4, dict).text).toBe("aab");
  });
  it("an LM can re-rank close candidates", () => {
    const q = probs([[0.05, 0.5, 0.45, 0]]);
    const lm: CharLm = { score: (_prev, next) => (next === "b" ? 0 : -5) };
    expect(beamDecode(q, 1, 4, dict).text).toBe("a");
    expect(beamDecode(q, 1, 4, dict, { lm, lmWeight: 1 }).text).toBe("b");
  });
});

describe("insertWordGaps", () => {
  it("adds a space where the line image has a word-sized gap", () => {
    const line = solid(200, 40, [255, 255, 255]);
    for (let y = 10; y < 30; y++) {
      for (let x = 10; x < 80; x++) line.data.fill(0, (y * 200 + x) * 3, (y * 200 + x) * 3 + 3);
      for (let x = 120; x < 190; x++) line.data.fill(0, (y * 200 + x) * 3, (y * 200 + x) * 3 + 3);
    }
    // T = 25 steps of 8 px; "ab" at x≈20,60 and "cd" at x≈140,180
    expect(insertWordGaps("abcd", [2, 7, 17, 22], 25, line)).toBe("ab cd");
    expect(insertWordGaps("我们", [2, 17], 25, line)).toBe("我们");
  });
});
