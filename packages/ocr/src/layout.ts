import { quadBounds } from "./geometry.ts";
import type { OcrLine, Quad } from "./types.ts";

export interface Segment {
  text: string;
  box: Quad;
  confidence: number;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

/** Join two text pieces: no space between CJK characters/punctuation, a space between Latin words. */
export function joinPieces(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  const last = [...a].at(-1)!;
  const first = [...b][0]!;
  if (isCjk(last) || isCjk(first)) return a + b;
  return `${a} ${b}`;
}

interface Row {
  segs: Segment[];
  y0: number;
  y1: number;
  x0: number;
  x1: number;
}

function bounds(s: Segment) {
  return quadBounds(s.box);
}

/**
 * Group segments into rows (vertical overlap), order rows top→bottom and segments left→right.
 * A segment joins the row whose vertical span overlaps it by more than half the smaller height.
 */
export function groupRows(segments: Segment[]): Row[] {
  const sorted = [...segments].sort((a, b) => {
    const ba = bounds(a);
    const bb = bounds(b);
    return (ba.y0 + ba.y1) / 2 - (bb.y0 + bb.y1) / 2;
  });
  const rows: Row[] = [];
  for (const s of sorted) {
    const b = bounds(s);
    const h = b.y1 - b.y0;
    let best: Row | null = null;
    let bestOv = 0;
    for (const r of rows) {
      const ov = Math.min(r.y1, b.y1) - Math.max(r.y0, b.y0);
      const minH = Math.min(h, r.y1 - r.y0);
      // segments in the same row must not overlap much horizontally
      const hov = Math.min(r.x1, b.x1) - Math.max(r.x0, b.x0);
      if (ov > 0.5 * minH && ov > bestOv && hov < 0.5 * Math.min(b.x1 - b.x0, r.x1 - r.x0)) {
        best = r;
        bestOv = ov;
      }
    }
    if (best) {
      best.segs.push(s);
      best.y0 = Math.min(best.y0, b.y0);
      best.y1 = Math.max(best.y1, b.y1);
      best.x0 = Math.min(best.x0, b.x0);
      best.x1 = Math.max(best.x1, b.x1);
    } else {
      rows.push({ segs: [s], y0: b.y0, y1: b.y1, x0: b.x0, x1: b.x1 });
    }
  }
  for (const r of rows) r.segs.sort((a, b) => bounds(a).x0 - bounds(b).x0);
  rows.sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  return rows;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export interface LayoutOptions {
  paragraphs: boolean;
}

/**
 * Rows → lines with paragraph indices.
 * New paragraph when a row is indented (left edge ≥ 1.2 × median row height right of the common margin)
 * or when the vertical gap above it exceeds 1.6 × the median gap.
 */
export function layoutLines(segments: Segment[], opts: LayoutOptions): { lines: OcrLine[]; text: string } {
  const rows = groupRows(segments.filter((s) => s.text.trim().length > 0));
  if (rows.length === 0) return { lines: [], text: "" };
  const heights = rows.map((r) => r.y1 - r.y0);
  const medH = median(heights);
  // common left margin: low percentile of row starts
  const starts = rows.map((r) => r.x0).sort((a, b) => a - b);
  const margin = starts[Math.floor(starts.length * 0.2)]!;
  const gaps: number[] = [];
  for (let i = 1; i < rows.length; i++)
    gaps.push((rows[i]!.y0 + rows[i]!.y1) / 2 - (rows[i - 1]!.y0 + rows[i - 1]!.y1) / 2);
  const medGap = median(gaps);
  const lines: OcrLine[] = [];
  let para = 0;
  const paraTexts: string[][] = [[]];
  rows.forEach((r, i) => {
    if (opts.paragraphs && i > 0) {
      const indented = r.x0 - margin >= 1.2 * medH && rows.length >= 3;
      const gap = gaps[i - 1]!;
      const bigGap = rows.length >= 3 && gap > 1.6 * medGap && gap > 1.5 * medH;
      if (indented || bigGap) {
        para++;
        paraTexts.push([]);
      }
    }
    let text = "";
    for (const s of r.segs) text = joinPieces(text, s.text.trim());
    const conf = r.segs.reduce((a, s) => a + s.confidence * [...s.text].length, 0);
    const len = r.segs.reduce((a, s) => a + [...s.text].length, 0);
    const first = r.segs[0]!.box;
    const last = r.segs[r.segs.length - 1]!.box;
    const box: Quad = [first[0], last[1], last[2], first[3]];
    lines.push({ text, box, confidence: len ? conf / len : 0, paragraph: para });
    paraTexts[para]!.push(text);
  });
  const text = paraTexts.map((p) => p.join("\n")).join("\n\n");
  return { lines, text };
}
