import type { ReadingEvidence } from "./types.ts";

/** What the correction engine needs of an OCR line: its text and, when the engine gives it, per-character detail. */
export interface LineWithChars {
  text: string;
  chars?: { text: string; confidence: number; alternatives?: { text: string; confidence: number }[] }[];
}

/**
 * Per-character evidence for a page's text from the lines it was joined from (`OcrLine.chars`; concatenated
 * `chars[].text` is the line's text), offsets into that text plus `base`. Lines are found in the text in order, so
 * paragraph breaks and blank lines between them do not matter.
 */
export function readingsFromLines(text: string, lines: LineWithChars[], base = 0): ReadingEvidence[] {
  const out: ReadingEvidence[] = [];
  let cursor = 0;
  for (const line of lines) {
    if (line.text.length === 0) continue;
    const at = text.indexOf(line.text, cursor);
    if (at < 0) continue;
    cursor = at + line.text.length;
    if (!line.chars || line.chars.map((c) => c.text).join("") !== line.text) continue;
    let off = at;
    for (const c of line.chars) {
      out.push({
        offset: base + off,
        length: c.text.length,
        confidence: c.confidence,
        ...(c.alternatives?.length ? { alternatives: c.alternatives } : {}),
      });
      off += c.text.length;
    }
  }
  return out;
}

export { carryReadings } from "@essay/contract";
