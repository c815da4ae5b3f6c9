import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect.ts";

describe("detectLanguage", () => {
  it("prefers the stored selectedLanguage", () => {
    expect(detectLanguage("en", ["zh-CN"])).toBe("en");
    expect(detectLanguage("zh-TW", ["en-US"])).toBe("zh-TW");
  });
  it("ignores an unsupported stored value", () => {
    expect(detectLanguage("fr", ["en-GB"])).toBe("en");
  });
  it.each([
    ["zh-TW", "zh-TW"],
    ["zh-tw", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["zh-Hant-TW", "zh-TW"],
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh-SG", "zh-CN"],
    ["en", "en"],
    ["en-US", "en"],
  ])("maps browser %s to %s", (tag, expected) => {
    expect(detectLanguage(null, [tag])).toBe(expected);
  });
  it("walks the browser list in order and defaults to zh-CN", () => {
    expect(detectLanguage(null, ["fr-FR", "en-US"])).toBe("en");
    expect(detectLanguage(null, ["fr-FR", "de"])).toBe("zh-CN");
    expect(detectLanguage(null, [])).toBe("zh-CN");
  });
});
