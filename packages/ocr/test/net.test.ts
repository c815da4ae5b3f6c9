import { describe, expect, it } from "vitest";
import { linesText, mergeReadings, readingScore } from "../src/steps/net.ts";
import type { OcrLine } from "../src/types.ts";

/** A line at row y (40 px tall) from x0 to x1, every character read at confidence `conf`. */
function line(text: string, y: number, conf: number, paragraph = 0, x0 = 0, x1 = 400): OcrLine {
  const chars = [...text].map((ch, i, all) => {
    const w = (x1 - x0) / all.length;
    return {
      text: ch,
      confidence: conf,
      alternatives: [],
      box: [x0 + i * w, y, x0 + (i + 1) * w, y + 40] as [number, number, number, number],
    };
  });
  return {
    text,
    confidence: conf,
    paragraph,
    box: [
      [x0, y],
      [x1, y],
      [x1, y + 40],
      [x0, y + 40],
    ],
    chars,
  };
}

describe("the safety net", () => {
  it("scores sure text above doubtful text and garbage below nothing", () => {
    expect(readingScore([line("我的妈妈", 0, 0.95)])).toBeGreaterThan(readingScore([line("我的妈妈", 0, 0.7)]));
    expect(readingScore([line("8F", 0, 0.3)])).toBeLessThan(0);
  });

  it("takes each line from the reading that reads it better, in the page's order", () => {
    const pipeline = [line("我的妈妈", 0, 0.95), line("8F个", 60, 0.4), line("天气很好", 120, 0.9)];
    const plain = [line("我的妈吗", 0, 0.6), line("白个子", 60, 0.9), line("天气很好", 120, 0.85)];
    const merged = mergeReadings(pipeline, plain);
    expect(merged.map((l) => l.text)).toEqual(["我的妈妈", "白个子", "天气很好"]);
  });

  it("keeps a line only the plain reading found, where it stands on the page", () => {
    // the pipeline dropped the middle line (a cropped sheet, a colour step that ate its strokes)
    const pipeline = [line("第一行", 0, 0.9), line("第三行", 120, 0.9)];
    const plain = [line("第一行", 0, 0.8), line("第二行", 60, 0.8), line("第三行", 120, 0.8)];
    expect(mergeReadings(pipeline, plain).map((l) => l.text)).toEqual(["第一行", "第二行", "第三行"]);
  });

  it("drops a line only one reading found when it reads as garbage", () => {
    const pipeline = [line("第一行", 0, 0.9)];
    const plain = [line("第一行", 0, 0.8), line("A e", 300, 0.3)];
    expect(mergeReadings(pipeline, plain).map((l) => l.text)).toEqual(["第一行"]);
  });

  it("groups a line read whole by one reading and in two pieces by the other", () => {
    const pipeline = [line("我们在家里吃饭", 0, 0.9)];
    const plain = [line("我们在", 0, 0.7, 0, 0, 170), line("家里吃饭", 2, 0.7, 0, 200, 400)];
    expect(mergeReadings(pipeline, plain).map((l) => l.text)).toEqual(["我们在家里吃饭"]);
  });

  it("never returns an empty page while the plain reading found text", () => {
    const plain = [line("淡淡的字", 0, 0.4)];
    expect(mergeReadings([], plain).map((l) => l.text)).toEqual(["淡淡的字"]);
  });

  it("starts paragraphs where a line started one in its own reading", () => {
    const pipeline = [line("一段", 0, 0.9, 0), line("二段", 60, 0.5, 1), line("还是二段", 120, 0.9, 1)];
    const plain = [line("一段", 0, 0.8, 0), line("二段落", 60, 0.9, 1), line("还是二段", 120, 0.8, 1)];
    const merged = mergeReadings(pipeline, plain);
    expect(merged.map((l) => l.paragraph)).toEqual([0, 1, 1]);
    expect(linesText(merged)).toBe("一段\n\n二段落\n还是二段");
  });
});
