import { describe, expect, it } from "vitest";
import { normalizeCjkPunct } from "../src/punct.ts";

describe("normalizeCjkPunct", () => {
  it("reads a high comma between Chinese characters as ，", () => {
    expect(normalizeCjkPunct("星期天早上’妈妈带我")).toBe("星期天早上，妈妈带我");
    expect(normalizeCjkPunct("小花猫”它的眼睛")).toBe("小花猫，它的眼睛");
  });
  it("keeps real quotes", () => {
    expect(normalizeCjkPunct("他说“我爱你”我很高兴")).toBe("他说“我爱你”我很高兴");
  });
  it("makes ASCII punctuation next to Han full-width and reads ° as 。", () => {
    expect(normalizeCjkPunct("叫起来°")).toBe("叫起来。");
    expect(normalizeCjkPunct("马克思主义者.")).toBe("马克思主义者。");
    expect(normalizeCjkPunct("你好,我好")).toBe("你好，我好");
    expect(normalizeCjkPunct("共3.5元")).toBe("共3.5元");
  });
  it("leaves English alone", () => {
    expect(normalizeCjkPunct("It's fine, really.")).toBe("It's fine, really.");
  });
});
