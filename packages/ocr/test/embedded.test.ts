import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { closeSharedEngine, createOcrEngine, type OcrEngine, recognize } from "../src/index.ts";
import { renderText } from "./helpers.ts";

function hasCjkFont(): boolean {
  try {
    return execFileSync("fc-list", [":lang=zh"], { encoding: "utf8" }).trim().length > 0;
  } catch {
    return false;
  }
}

// One engine (one worker, models loaded once) for the whole file.
const engine: OcrEngine = createOcrEngine({ provider: "embedded", timeoutMs: 60_000 });
afterAll(() => engine.close());

describe("embedded engine (real PP-OCRv4 model in a worker thread)", () => {
  it("recognises rendered English text", async () => {
    const png = await renderText(["The quick brown fox", "jumps over 12 lazy dogs."], { size: 44 });
    const r = await engine.recognize(png, { languageHint: "en" });
    expect(r.engine).toBe("embedded-ppocrv4");
    expect(r.version).toMatch(/^ppocr-v4@/);
    const flat = r.text.replace(/\s+/g, " ").toLowerCase();
    expect(flat).toContain("quick brown fox");
    expect(flat).toContain("lazy dogs");
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]!.box).toHaveLength(4);
    expect(r.lines[0]!.confidence).toBeGreaterThan(0.8);
    // boxes are in the original image's pixel space
    const meta = await sharp(png).metadata();
    for (const l of r.lines)
      for (const [x, y] of l.box) expect(x >= 0 && x <= meta.width! && y >= 0 && y <= meta.height!).toBe(true);
    expect(r.pages).toBe(1);
    expect(r.timings.total).toBeGreaterThan(0);
    // every line carries its characters: their texts joined are the line, their boxes lie on it, left to right
    for (const l of r.lines) {
      const chars = l.chars!;
      expect(chars.map((c) => c.text).join("")).toBe(l.text);
      const xs = l.box.map((p) => p[0]);
      const ys = l.box.map((p) => p[1]);
      for (const c of chars) {
        expect(c.confidence).toBeGreaterThanOrEqual(0);
        expect(c.confidence).toBeLessThanOrEqual(1);
        expect(c.alternatives.length).toBeLessThanOrEqual(4);
        expect(c.box[0]).toBeGreaterThanOrEqual(Math.min(...xs) - 2);
        expect(c.box[2]).toBeLessThanOrEqual(Math.max(...xs) + 2);
        expect(c.box[1]).toBeGreaterThanOrEqual(Math.min(...ys) - 2);
        expect(c.box[3]).toBeLessThanOrEqual(Math.max(...ys) + 2);
      }
      const letters = chars.filter((c) => c.text.trim());
      for (let i = 1; i < letters.length; i++)
        expect(letters[i]!.box[0]).toBeGreaterThanOrEqual(letters[i - 1]!.box[0]);
    }
    // the characters cover the line from its first letter to its last
    const line = r.lines[0]!;
    const [lx0, lx1] = [Math.min(...line.box.map((p) => p[0])), Math.max(...line.box.map((p) => p[0]))];
    expect(line.chars![0]!.box[0] - lx0).toBeLessThan(0.1 * (lx1 - lx0));
    expect(lx1 - line.chars!.at(-1)!.box[2]).toBeLessThan(0.1 * (lx1 - lx0));
  });

  it("reads every line of a tall strip (several photos stacked): detected in bands at full resolution", async () => {
    const words = ["apple", "river", "garden", "pencil", "window", "school"];
    const lines = Array.from({ length: 48 }, (_, i) => `${words[i % words.length]} ${i + 10}`);
    const png = await renderText(lines, { size: 30, width: 400 });
    const meta = await sharp(png).metadata();
    expect(meta.height! / meta.width!).toBeGreaterThan(6);
    const r = await engine.recognize(png, { languageHint: "en", steps: { net: false } });
    const numbers = new Set(r.text.match(/\d+/g) ?? []);
    const missing = lines.filter((_, i) => !numbers.has(String(i + 10)));
    expect(missing.length, missing.join(", ")).toBeLessThanOrEqual(2);
    for (const l of r.lines) for (const [, y] of l.box) expect(y).toBeLessThanOrEqual(meta.height!);
  });

  it("reads an English page without a hint with the English models, and with the Chinese ones when told to", async () => {
    const png = await renderText(["Dear Tom, thank you for", "your letter about the", "school trip to the river."], {
      size: 44,
    });
    const r = await engine.recognize(png);
    expect(r.script).toBe("en");
    expect(r.version).toMatch(/\+en@/);
    const flat = r.text.replace(/\s+/g, " ").toLowerCase();
    expect(flat).toContain("thank you for");
    expect(flat).toContain("school trip to the river");
    const chinese = await engine.recognize(png, { languageHint: "en", steps: { script: false } });
    expect(chinese.script).toBe("zh");
    expect(chinese.text.replace(/\s+/g, " ").toLowerCase()).toContain("school trip");
  });

  it.runIf(hasCjkFont())("reads the Chinese name line above an English essay with the Chinese models", async () => {
    const png = await renderText(
      ["姓名：李华 班级：高二（3）班", "Dear Tom, thank you for", "your letter about the", "school trip to the river."],
      { size: 44, font: "AR PL UKai CN, Noto Sans CJK SC, DejaVu Sans, sans-serif" },
    );
    for (const hint of ["en", undefined]) {
      const r = await engine.recognize(png, hint ? { languageHint: hint } : {});
      expect(r.script, `hint ${hint}`).toBe("en");
      expect(r.text, `hint ${hint}`).toContain("李华");
      expect(r.text.replace(/\s+/g, " ").toLowerCase(), `hint ${hint}`).toContain("school trip to the river");
    }
  });

  it("turns a page photographed sideways or upside down (no EXIF) upright, boxes still on the photo", async () => {
    const png = await renderText(
      ["The quick brown fox jumps", "over twelve lazy dogs today.", "A second line of words here."],
      { size: 44 },
    );
    for (const turn of [90, 180, 270]) {
      const turned = await sharp(png).rotate(turn).png().toBuffer();
      const r = await engine.recognize(turned, { languageHint: "en" });
      const flat = r.text.replace(/\s+/g, " ").toLowerCase();
      expect(flat, `turned ${turn}°`).toContain("quick brown fox");
      expect(flat, `turned ${turn}°`).toContain("lazy dogs");
      const meta = await sharp(turned).metadata();
      for (const l of r.lines)
        for (const [x, y] of l.box)
          expect(x >= -1 && x <= meta.width! + 1 && y >= -1 && y <= meta.height! + 1).toBe(true);
    }
  });

  it.runIf(hasCjkFont())("recognises rendered Chinese text without spurious spaces", async () => {
    const png = await renderText(["我爱我的小花猫。", "它的眼睛圆圆的。"], {
      font: "AR PL UKai CN, Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif",
      size: 48,
    });
    const r = await engine.recognize(png, { languageHint: "zh-Hans" });
    expect(r.text).toContain("我爱我的小花猫");
    expect(r.text).toContain("眼睛圆圆的");
    expect(r.text).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);
    expect(r.script).toBe("zh");
    // without a hint the page shows itself Chinese
    const unhinted = await engine.recognize(png);
    expect(unhinted.script).toBe("zh");
    expect(unhinted.text).toContain("眼睛圆圆的");
  });

  it("returns empty text with a reason for a blank page", async () => {
    const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#fafafa" } })
      .png()
      .toBuffer();
    const r = await engine.recognize(png);
    expect(r.text).toBe("");
    expect(r.lines).toEqual([]);
    expect(r.reason).toBe("blank_image");
  });

  it("rejects a corrupt file with a non-retryable OCR_BAD_IMAGE error", async () => {
    await expect(engine.recognize(new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]))).rejects.toMatchObject({
      name: "OcrError",
      code: "OCR_BAD_IMAGE",
      retryable: false,
    });
  });

  it("times out with a retryable error and recovers for the next call", async () => {
    const tiny = createOcrEngine({ provider: "embedded", timeoutMs: 1 });
    const png = await renderText(["timeout"]);
    await expect(tiny.recognize(png)).rejects.toMatchObject({ code: "OCR_TIMEOUT", retryable: true });
    await tiny.close();
    await expect(tiny.recognize(png)).rejects.toMatchObject({ code: "OCR_CLOSED" });
  });

  it("offers a convenience recognize() on a shared engine", async () => {
    const r = await recognize(await renderText(["Good morning"], { size: 48 }), { languageHint: "en" });
    expect(r.text.toLowerCase()).toContain("good morning");
    await closeSharedEngine();
  });

  it("honours an abort signal", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(engine.recognize(await renderText(["x"]), {}, ac.signal)).rejects.toMatchObject({
      code: "OCR_ABORTED",
    });
  });
});
