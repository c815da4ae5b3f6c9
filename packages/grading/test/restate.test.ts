import { describe, expect, it } from "vitest";
import { grade, restateTotal } from "../src/index.ts";
import { EN_NEWS } from "./fixtures.ts";

describe("restateTotal", () => {
  it("restates the opening total and band of an English comment", () => {
    const overall = "31/40 (Good). This 420-word essay in 5 paragraphs is strongest in content.";
    expect(restateTotal(overall, 36)).toBe(
      "36/40 (Excellent). This 420-word essay in 5 paragraphs is strongest in content.",
    );
  });

  it("keeps the comment's language: Simplified and Traditional Chinese", () => {
    expect(restateTotal("28/40（及格）。本文共480字、4段。", 33)).toBe("33/40（良好）。本文共480字、4段。");
    expect(restateTotal("22/40（有待提高）。本文共300字。", 18.5)).toBe("18.5/40（不及格）。本文共300字。");
  });

  it("leaves a comment that does not open with a total unchanged", () => {
    expect(restateTotal("A lively report with a clear lead.", 30)).toBe("A lively report with a clear lead.");
  });

  it("restates the embedded grader's own comment", () => {
    const r = grade({ text: EN_NEWS, topic: "Write a news report", feedbackLanguage: "en" });
    const other = r.totalScore >= 20 ? 10 : 38;
    const restated = restateTotal(r.feedback.overall, other);
    expect(restated.startsWith(`${other}/40 (`)).toBe(true);
    expect(restated.slice(restated.indexOf(").") + 2)).toBe(
      r.feedback.overall.slice(r.feedback.overall.indexOf(").") + 2),
    );
  });
});
