import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format-date.ts";

describe("formatDateTime", () => {
  const date = new Date(2026, 10, 3, 9, 5);
  it("uses yyyy年MM月dd日 HH:mm in Chinese", () => {
    expect(formatDateTime(date, "zh-CN")).toBe("2026年11月03日 09:05");
    expect(formatDateTime(date, "zh-TW")).toBe("2026年11月03日 09:05");
  });
  it("uses a local format in English", () => {
    expect(formatDateTime(date, "en")).toMatch(/Nov 3, 2026/);
  });
  it("shows a dash for missing or broken values", () => {
    expect(formatDateTime(null, "en")).toBe("—");
    expect(formatDateTime("not a date", "zh-CN")).toBe("—");
  });
});
