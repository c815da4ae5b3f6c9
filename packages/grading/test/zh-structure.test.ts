import { describe, expect, it } from "vitest";
import { zhStructure } from "../src/features.ts";

// Small texts written for these tests.
const ARGUMENT = [
  "坚持是成功的阶梯。",
  "坚持需要勇气。面对困难，我们不退缩。",
  "坚持需要耐心。水滴石穿，不是一日之功。",
  "坚持需要方法。方向对了，努力才有意义。",
  "所以，坚持是成功的阶梯。",
];
const BLOCK = ["那天早上我很早就起床了然后和妈妈一起去了公园我们在公园里走了很久看到了很多花还有一条小河。"];

describe("zhStructure", () => {
  it("finds parallel body paragraphs, a restated phrase and short topic sentences", () => {
    const s = zhStructure(ARGUMENT.join("\n"), ARGUMENT);
    // the three body paragraphs all open with 坚持
    expect(s.paraParallel).toBe(1);
    // 坚持需要 (3×) and 坚持是成 / 持是成功 / 是成功的 / 成功的阶 / 功的阶梯 (2×) → one refrain
    const han = ARGUMENT.join("").match(/\p{Script=Han}/gu)!.length;
    expect(s.refrainRate).toBeCloseTo(1000 / han, 6);
    // body paragraphs open with 6-character sentences
    expect(s.bodyLeadLen).toBeCloseTo(Math.log(7), 6);
    expect(s.maxParaShare).toBeLessThan(0.3);
  });

  it("one long narrative block: no parallel paragraphs, the whole text in one paragraph", () => {
    const s = zhStructure(BLOCK.join("\n"), BLOCK);
    expect(s.paraParallel).toBe(0);
    expect(s.refrainRate).toBe(0);
    expect(s.maxParaShare).toBe(1);
    expect(s.bodyLeadLen).toBeCloseTo(Math.log(1 + BLOCK[0]!.match(/\p{Script=Han}/gu)!.length), 6);
  });

  it("empty text", () => {
    expect(zhStructure("", [])).toEqual({ refrainRate: 0, paraParallel: 0, maxParaShare: 1, bodyLeadLen: 0 });
  });
});
