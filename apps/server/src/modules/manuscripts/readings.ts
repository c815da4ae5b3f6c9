import type { TCharReading, TManuscriptReadings } from "@essay/contract";
import type { OcrLine } from "@essay/ocr";

type Box = [number, number, number, number];
/** One character of a line as the embedded engine reports it (`OcrLine.chars`). */
interface LineChar {
  text: string;
  confidence: number;
  alternatives?: { text: string; confidence: number }[];
  box: Box;
}
type LineWithChars = OcrLine & { chars?: LineChar[] };

/** A read page: its own text and the engine's lines (with per-character detail when the engine gives it). */
export interface PageWithLines {
  id: string;
  ocrText: string | null;
  ocrLines: OcrLine[] | null;
  recognizedAt: Date | null;
}

const union = (boxes: readonly Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/**
 * Each recognised character with its evidence and place, aligned to the manuscript's `ocrText`: the read pages'
 * texts joined as `joinPageTexts` joins them (trailing blanks dropped, empty pages skipped, a line break between),
 * so offset = the page's start in that text + the character's offset in its page. Lines without per-character
 * detail, or whose characters do not spell the line, give nothing.
 */
export function manuscriptReadings(pages: readonly PageWithLines[]): TManuscriptReadings {
  const readings: TCharReading[] = [];
  const parts: string[] = [];
  let start = 0;
  for (const page of pages) {
    if (!page.recognizedAt) continue;
    const text = (page.ocrText ?? "").replace(/\s+$/u, "");
    if (text.trim().length === 0) continue;
    // lines are found in the page text in order (as readingsFromLines in @essay/grading finds them), so blank
    // lines between paragraphs do not matter
    let cursor = 0;
    for (const [index, line] of ((page.ocrLines ?? []) as LineWithChars[]).entries()) {
      if (line.text.length === 0) continue;
      const at = text.indexOf(line.text, cursor);
      if (at < 0) continue;
      cursor = at + line.text.length;
      const chars = line.chars ?? [];
      if (chars.length === 0 || chars.map((c) => c.text).join("") !== line.text) continue;
      const lineBox = union(chars.map((c) => c.box));
      let offset = at;
      for (const c of chars) {
        readings.push({
          offset: start + offset,
          length: c.text.length,
          confidence: Math.min(1, Math.max(0, c.confidence)),
          ...(c.alternatives?.length ? { alternatives: c.alternatives.slice(0, 10) } : {}),
          pageId: page.id,
          pageOffset: offset,
          line: index,
          box: c.box,
          lineBox,
        });
        offset += c.text.length;
      }
    }
    parts.push(text);
    start += text.length + 1;
  }
  return { ocrText: parts.join("\n"), readings };
}
