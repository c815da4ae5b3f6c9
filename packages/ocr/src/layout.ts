import { quadBounds } from "./geometry.ts";
import { type CharRead, realign } from "./reading.ts";
import type { OcrLine, OcrResult, Quad } from "./types.ts";

export interface Segment {
  text: string;
  box: Quad;
  confidence: number;
  /** Per-character readings (embedded engine), their texts joined = `text`. */
  reads?: CharRead[];
  /** Box used for grouping/ordering when the page is skewed (deskewed coordinates); defaults to `box`. */
  layoutBox?: Quad;
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
  return quadBounds(s.layoutBox ?? s.box);
}

/**
 * Group segments into rows, order rows top→bottom and segments left→right.
 * A segment joins a row when its centre line is within half the median segment height of the row's
 * segment nearest to it in x (follows slanted or wavy handwriting) and it does not overlap that row's
 * segments horizontally by more than 30% of the narrower one.
 */
export function groupRows(segments: Segment[]): Row[] {
  const items = segments.map((s) => ({ s, b: bounds(s) }));
  const hs = items.map((i) => i.b.y1 - i.b.y0);
  const medH = median(hs) || 1;
  items.sort((a, b) => (a.b.y0 + a.b.y1) / 2 - (b.b.y0 + b.b.y1) / 2);
  const rows: { items: typeof items; row: Row }[] = [];
  for (const it of items) {
    const cy = (it.b.y0 + it.b.y1) / 2;
    const cx = (it.b.x0 + it.b.x1) / 2;
    let best: (typeof rows)[number] | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const r of rows) {
      let nearest = r.items[0]!;
      let nd = Number.POSITIVE_INFINITY;
      let clash = false;
      for (const o of r.items) {
        const hov = Math.min(o.b.x1, it.b.x1) - Math.max(o.b.x0, it.b.x0);
        if (hov > 0.3 * Math.min(o.b.x1 - o.b.x0, it.b.x1 - it.b.x0)) clash = true;
        const dx = Math.abs((o.b.x0 + o.b.x1) / 2 - cx);
        if (dx < nd) {
          nd = dx;
          nearest = o;
        }
      }
      if (clash) continue;
      const d = Math.abs((nearest.b.y0 + nearest.b.y1) / 2 - cy);
      if (d < 0.5 * Math.min(medH, Math.max(nearest.b.y1 - nearest.b.y0, it.b.y1 - it.b.y0)) && d < bestD) {
        best = r;
        bestD = d;
      }
    }
    if (best) {
      best.items.push(it);
      const r = best.row;
      r.segs.push(it.s);
      r.y0 = Math.min(r.y0, it.b.y0);
      r.y1 = Math.max(r.y1, it.b.y1);
      r.x0 = Math.min(r.x0, it.b.x0);
      r.x1 = Math.max(r.x1, it.b.x1);
    } else {
      rows.push({ items: [it], row: { segs: [it.s], y0: it.b.y0, y1: it.b.y1, x0: it.b.x0, x1: it.b.x1 } });
    }
  }
  const out = rows.map((r) => r.row);
  for (const r of out) r.segs.sort((a, b) => bounds(a).x0 - bounds(b).x0);
  out.sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  return out;
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
/** A laid-out line with its characters' readings (boxes still in the page's coordinates). */
export type LaidLine = OcrLine & { reads?: CharRead[] };

export function layoutLines(segments: Segment[], opts: LayoutOptions): { lines: LaidLine[]; text: string } {
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
  const lines: LaidLine[] = [];
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
    const reads = r.segs.every((s) => s.reads)
      ? realign(
          r.segs.flatMap((s) => s.reads!),
          text,
        )
      : undefined;
    lines.push({ text, box, confidence: len ? conf / len : 0, paragraph: para, ...(reads ? { reads } : {}) });
    paraTexts[para]!.push(text);
  });
  const text = paraTexts.map((p) => p.join("\n")).join("\n\n");
  return { lines, text };
}

/** A remote provider's result: one sheet, and a reason when nothing was read. */
export function remoteResult(
  text: string,
  lines: OcrLine[],
  engine: string,
  version: string,
  timings: Record<string, number>,
): OcrResult {
  return { text, lines, pages: 1, engine, version, timings, ...(text ? {} : { reason: "no_text_found" }) };
}
