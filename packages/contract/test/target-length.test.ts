import { describe, expect, it } from "vitest";
import { targetLengthFromTopic } from "../src/index.ts";

describe("targetLengthFromTopic", () => {
  it("reads the length an English task asks for", () => {
    expect(targetLengthFromTopic("Write an email to your pen friend Tom. Use about 120 words.")).toBe(120);
    expect(targetLengthFromTopic("Write a letter of 100-120 words to the headmaster.")).toBe(110);
    expect(targetLengthFromTopic("Describe your summer holiday in 80 to 100 words.")).toBe(90);
    expect(
      targetLengthFromTopic(
        "Campus news report: write a news report of about 500 words (or characters) about a recent event.",
      ),
    ).toBe(500);
  });

  it("reads the length a Chinese task asks for, in digits or in Chinese numerals", () => {
    expect(targetLengthFromTopic("以“我的妈妈”为题写一篇作文，不少于400字。")).toBe(400);
    expect(targetLengthFromTopic("写一篇800字左右的议论文。")).toBe(800);
    expect(targetLengthFromTopic("题目自拟，字数：六百")).toBe(600);
    expect(targetLengthFromTopic("写一篇记叙文，五百字以上。")).toBe(500);
    expect(targetLengthFromTopic("寫一篇約300個字的日記。")).toBe(300);
  });

  it("gives nothing when the topic names no plausible length", () => {
    expect(targetLengthFromTopic("My best friend")).toBeUndefined();
    expect(targetLengthFromTopic("What did you do in 2024?")).toBeUndefined();
    expect(targetLengthFromTopic("Describe it in 3 words.")).toBeUndefined();
    expect(targetLengthFromTopic("写一篇十万字的小说")).toBeUndefined();
  });
});
