import { describe, expect, it } from "vitest";
import { dialCodeOf, splitPhone } from "./phone-parts.ts";

const countries = [
  { code: "CN", name: "China", flag: "", phoneCode: "+86" },
  { code: "HK", name: "Hong Kong", flag: "", phoneCode: "+852" },
  { code: "US", name: "United States", flag: "", phoneCode: "+1" },
];

describe("splitPhone", () => {
  it("uses the user's country dial code", () => {
    expect(splitPhone("+8613800138001", "CN", countries)).toEqual({ dial: "+86", local: "13800138001" });
  });
  it("falls back to the longest matching dial code", () => {
    expect(splitPhone("+85261234567", "CN", countries)).toEqual({ dial: "+852", local: "61234567" });
  });
  it("defaults to +86 for CN and unknown countries", () => {
    expect(dialCodeOf("CN", countries)).toBe("+86");
    expect(dialCodeOf("ZZ", countries)).toBe("+86");
    expect(dialCodeOf("US", countries)).toBe("+1");
  });
});
