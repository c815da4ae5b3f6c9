import { describe, expect, it } from "vitest";
import { beamDecode } from "../src/ctc.ts";
import { BigramLm } from "../src/lm.ts";

const dictText = [
  "马克思 5000 nr",
  "主义 9000 n",
  "马克思主义 3000 n",
  "日本 8000 ns",
  "目标 6000 n",
  "克服 100 v",
].join("\n");

describe("BigramLm", () => {
  const lm = BigramLm.fromDictText(dictText);
  it("boosts characters that follow the previous one inside known words", () => {
    expect(lm.score("马", "克")).toBeGreaterThan(0);
    expect(lm.score("目", "标")).toBeGreaterThan(lm.score("日", "标"));
  });
  it("is neutral for non-Han characters and at the start", () => {
    expect(lm.score("", "马")).toBe(0);
    expect(lm.score("马", ",")).toBe(0);
    expect(lm.score("a", "b")).toBe(0);
    expect(lm.score("ab", "马")).toBe(0);
  });
  it("re-ranks a close recogniser decision but not a confident one", () => {
    const dict = ["马", "克", "竟"];
    // step 0: 马 certain; step 1: 竟 0.5 vs 克 0.45
    const close = Float32Array.from([0.01, 0.97, 0.01, 0.01, 0.05, 0, 0.45, 0.5]);
    expect(beamDecode(close, 2, 4, dict).text).toBe("马竟");
    expect(beamDecode(close, 2, 4, dict, { lm, lmWeight: 0.5 }).text).toBe("马克");
    // a clearly written (even if unusual) character is kept
    const sure = Float32Array.from([0.01, 0.97, 0.01, 0.01, 0.02, 0, 0.03, 0.95]);
    expect(beamDecode(sure, 2, 4, dict, { lm, lmWeight: 0.5 }).text).toBe("马竟");
  });
  it("loads the dictionary shipped in @node-rs/jieba", async () => {
    const real = await BigramLm.load();
    expect(real.score("马", "克")).toBeGreaterThan(0);
  });
});
