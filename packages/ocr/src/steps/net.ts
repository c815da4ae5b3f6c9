import { quadBounds } from "../geometry.ts";
import type { OcrLine } from "../types.ts";

/**
 * The safety net: every page is also read the plain way (the models on the photo as it came, no preprocessing),
 * and the two readings are merged line by line. Lines of the two readings that lie on the same stretch of the
 * page (overlapping across by half a line, touching along it) form a group; each group is taken from the reading
 * that reads it better, and a line only one reading found is kept when it reads as text. So preprocessing can
 * only win where it reads better on the image at hand, and no text the plain reading finds is lost.
 */

/**
 * How well a reading reads: for every character, its confidence counted for and its doubt against (2c − 1), so
 * more text read surely scores higher, and garbage (grid lines or red pen read as letters) scores near or below 0.
 */
export function readingScore(lines: OcrLine[]): number {
  let s = 0;
  for (const l of lines) {
    if (l.chars) {
      for (const c of l.chars) if (c.text.trim()) s += 2 * c.confidence - 1;
    } else s += (2 * l.confidence - 1) * [...l.text.replace(/\s/gu, "")].length;
  }
  return s;
}

interface Placed {
  line: OcrLine;
  from: 0 | 1;
  /** Index in its own reading. */
  index: number;
  b: { x0: number; y0: number; x1: number; y1: number };
}

function sameStretch(a: Placed, b: Placed): boolean {
  const oy = Math.min(a.b.y1, b.b.y1) - Math.max(a.b.y0, b.b.y0);
  const ox = Math.min(a.b.x1, b.b.x1) - Math.max(a.b.x0, b.b.x0);
  const h = Math.min(a.b.y1 - a.b.y0, b.b.y1 - b.b.y0);
  return ox > 0 && oy > 0.5 * h;
}

/**
 * Merge the pipeline's reading with the plain one, line by line. Lines keep the order of the reading they come
 * from; a group taken from the plain reading stands where the pipeline's lines of that group stood, and a group only
 * the plain reading found follows the group of the plain line before it. Paragraphs start where a line started
 * one in its own reading.
 */
export function mergeReadings(pipeline: OcrLine[], plain: OcrLine[]): OcrLine[] {
  const placed: Placed[] = [
    ...pipeline.map((line, index) => ({
      line,
      from: 0 as const,
      index,
      b: quadBounds(line.box),
    })),
    ...plain.map((line, index) => ({
      line,
      from: 1 as const,
      index,
      b: quadBounds(line.box),
    })),
  ];
  // groups: connected components of "same stretch" between the two readings
  const parent = placed.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let i = 0; i < pipeline.length; i++)
    for (let j = pipeline.length; j < placed.length; j++)
      if (sameStretch(placed[i]!, placed[j]!)) parent[find(i)] = find(j);
  const groups = new Map<number, Placed[]>();
  for (const [i, p] of placed.entries()) {
    const g = find(i);
    groups.set(g, [...(groups.get(g) ?? []), p]);
  }
  const chosen = new Map<number, Placed[]>();
  for (const [g, members] of groups) {
    const own = [members.filter((m) => m.from === 0), members.filter((m) => m.from === 1)] as const;
    const s0 = readingScore(own[0].map((m) => m.line));
    const s1 = readingScore(own[1].map((m) => m.line));
    const pick = own[0].length && own[1].length ? (s1 > s0 ? own[1] : own[0]) : s0 + s1 > 0 ? members : [];
    chosen.set(g, pick);
  }
  // order: the pipeline's, with plain-only groups after the group of the plain line before them
  const order: number[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < pipeline.length; i++) {
    const g = find(i);
    if (!seen.has(g)) {
      seen.add(g);
      order.push(g);
    }
  }
  let after = -1;
  for (let j = pipeline.length; j < placed.length; j++) {
    const g = find(j);
    if (!seen.has(g)) {
      seen.add(g);
      order.splice(after + 1, 0, g);
    }
    after = order.indexOf(g);
  }
  const out: OcrLine[] = [];
  const sources = [pipeline, plain];
  // nothing read surely anywhere: still no page comes back empty while a reading found text
  if (![...chosen.values()].some((c) => c.length)) return plain.length ? plain : pipeline;
  let para = -1;
  for (const g of order) {
    const members = chosen.get(g)!.sort((a, b) => a.from - b.from || a.index - b.index);
    for (const m of members) {
      const own = sources[m.from]!;
      const starts = m.index === 0 || own[m.index - 1]!.paragraph !== m.line.paragraph;
      if (starts || para < 0) para++;
      out.push({ ...m.line, paragraph: para });
    }
  }
  return out;
}

/** The text of merged lines: lines joined by "\n", paragraphs by a blank line. */
export function linesText(lines: OcrLine[]): string {
  const paras: string[][] = [];
  for (const l of lines) {
    if (!paras[l.paragraph]) paras[l.paragraph] = [];
    paras[l.paragraph]!.push(l.text);
  }
  return paras
    .filter(Boolean)
    .map((p) => p.join("\n"))
    .join("\n\n");
}
