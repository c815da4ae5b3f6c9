import type { CharLm } from "./ctc.ts";
import type { RotatedRect } from "./geometry.ts";
import type { OcrChar, Point, Quad } from "./types.ts";

/**
 * Characters read below this confidence are doubtful: the confirmation view marks them for the teacher. Chosen on
 * the real classroom pages (`bench:ocr` prints the share marked and the recall of misreadings among them) so that
 * at most about 15% of the characters are marked.
 */
export const DOUBTFUL_BELOW = 0.9;

/** How many other readings a character carries at most. */
const MAX_ALTERNATIVES = 4;
/** A class below this probability at every frame of a character is not an alternative. */
const MIN_ALTERNATIVE_P = 0.01;

/** One character as read, with its place as a quadrilateral in the coordinates of the line box it came from. */
export interface CharRead {
  text: string;
  confidence: number;
  alternatives: { text: string; confidence: number }[];
  quad: Quad;
}

/** Maps a position along a line image (0 = its left edge, 1 = its right edge) to the line's top and bottom points. */
export type LineAxis = (u: number) => [Point, Point];

/** The CTC output of one line image and how its frames sit on the line. */
export interface FrameOutput {
  probs: Float32Array;
  T: number;
  C: number;
  dict: string[];
  /** The line image's width and height (pixels): frame t covers x ∈ [t·W/T, (t+1)·W/T). */
  width: number;
  height: number;
}

/**
 * Per-character readings of a decoded line. Each emitted character's frames run from the frame where it was
 * emitted while its class keeps some probability, up to the next character. Its confidence is the recogniser's
 * posterior (the class's peak probability over those frames) combined with the character model's context score
 * for it after the characters before it (weighted as in the beam search), normalised over the alternatives the
 * recogniser proposes at those frames and the probability mass left to everything else. The character spans the
 * line from halfway to its left neighbour's frames to halfway to its right neighbour's.
 */
export function charReadings(
  text: string,
  steps: number[],
  out: FrameOutput,
  axis: LineAxis,
  opts: { lm?: CharLm; lmWeight?: number; xOffset?: number; lineWidth?: number } = {},
): CharRead[] {
  const chars = [...text];
  if (chars.length === 0 || chars.length !== steps.length) return [];
  const { probs, T, C, dict } = out;
  const index = new Map<string, number>();
  dict.forEach((ch, i) => {
    if (!index.has(ch)) index.set(ch, i + 1);
  });
  const lmW = opts.lmWeight ?? 0.5;
  const ends: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = index.get(chars[i]!) ?? -1;
    const stop = i + 1 < steps.length ? steps[i + 1]! : T;
    let e = steps[i]!;
    while (c > 0 && e + 1 < stop && probs[(e + 1) * C + c]! >= 0.05) e++;
    ends.push(e);
  }
  const fx = (t: number) => ((t + 0.5) * out.width) / T;
  const inner: number[] = [];
  for (let i = 1; i < chars.length; i++) inner.push(fx(steps[i]!) - fx(ends[i - 1]!));
  const half = inner.length ? Math.min(out.height / 2, median(inner) / 2) : out.height / 2;
  const xOffset = opts.xOffset ?? 0;
  const lineWidth = opts.lineWidth ?? out.width;
  const reads: CharRead[] = [];
  let prefix = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const c = index.get(ch) ?? -1;
    // peak probability of every class over the character's frames
    const peak = new Map<number, number>();
    for (let t = steps[i]!; t <= ends[i]!; t++) {
      for (let k = 1; k < C; k++) {
        const p = probs[t * C + k]!;
        if (p >= MIN_ALTERNATIVE_P && p > (peak.get(k) ?? 0)) peak.set(k, p);
      }
    }
    const pc = c > 0 ? Math.max(peak.get(c) ?? 0, probs[steps[i]! * C + c]!) : 0;
    const others = [...peak.entries()]
      .filter(([k]) => k !== c && dict[k - 1] !== undefined && dict[k - 1] !== ch)
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_ALTERNATIVES);
    const boost = (s: string) => (opts.lm ? Math.exp(lmW * opts.lm.score(prefix, s)) : 1);
    const qc = pc * boost(ch);
    const qs = others.map(([k, p]) => p * boost(dict[k - 1]!));
    const rest = Math.max(0, 1 - pc - others.reduce((a, [, p]) => a + p, 0));
    const z = qc + qs.reduce((a, q) => a + q, 0) + rest;
    const x0 = i > 0 ? (fx(ends[i - 1]!) + fx(steps[i]!)) / 2 : Math.max(0, fx(steps[i]!) - half);
    const x1 = i + 1 < chars.length ? (fx(ends[i]!) + fx(steps[i + 1]!)) / 2 : Math.min(out.width, fx(ends[i]!) + half);
    reads.push({
      text: ch,
      confidence: z > 0 ? qc / z : 0,
      alternatives: others.map(([k], j) => ({ text: dict[k - 1]!, confidence: z > 0 ? qs[j]! / z : 0 })),
      quad: spanQuad(axis, (xOffset + x0) / lineWidth, (xOffset + x1) / lineWidth),
    });
    prefix += ch;
  }
  return reads;
}

function spanQuad(axis: LineAxis, u0: number, u1: number): Quad {
  const [t0, b0] = axis(Math.max(0, Math.min(1, u0)));
  const [t1, b1] = axis(Math.max(0, Math.min(1, u1)));
  return [t0, t1, b1, b0];
}

/**
 * The line axis of a rotated box as `cropRotated` turns it into a line image: along the box's width, or, for a box at
 * least 1.5 times as tall as wide (turned a quarter counter-clockwise), down its height with its top on the right.
 */
export function rectAxis(r: RotatedRect): LineAxis {
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  const pt = (u: number, v: number): Point => [r.cx + u * c - v * s, r.cy + u * s + v * c];
  const w = Math.max(1, Math.round(r.w));
  const h = Math.max(1, Math.round(r.h));
  if (h / w >= 1.5) return (f) => [pt(r.w / 2, (f - 0.5) * r.h), pt(-r.w / 2, (f - 0.5) * r.h)];
  return (f) => [pt((f - 0.5) * r.w, -r.h / 2), pt((f - 0.5) * r.w, r.h / 2)];
}

/** A line axis along a quadrilateral: its top edge TL→TR and bottom edge BL→BR. */
export function quadAxis(q: Quad): LineAxis {
  const [tl, tr, br, bl] = q;
  const lerp = (a: Point, b: Point, u: number): Point => [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
  return (u) => [lerp(tl, tr, u), lerp(bl, br, u)];
}

/**
 * The readings of `text` when it came from the characters `reads` through a rewrite (spaces inserted at ink gaps,
 * punctuation shapes, English words decoded again, pieces joined): characters kept by the shortest edit keep their
 * reading; a replaced character keeps its place, its old reading becomes an alternative and its confidence is the
 * new character's among the alternatives (else the old one's); an added character sits between its neighbours with
 * their lower confidence (a space: 1, it is the layout's).
 */
export function realign(reads: CharRead[], text: string): CharRead[] {
  const a = reads.map((r) => r.text);
  const b = [...text];
  if (a.length === b.length && a.every((ch, i) => ch === b[i])) return reads;
  const ops = alignOps(a, b);
  const out: CharRead[] = [];
  const pending: string[] = [];
  let last: CharRead | undefined;
  const flush = (next: CharRead | undefined) => {
    for (const ch of pending) {
      const edge = last ? [last.quad[1], last.quad[2]] : next ? [next.quad[0], next.quad[3]] : undefined;
      const quad: Quad = edge
        ? [edge[0]!, edge[0]!, edge[1]!, edge[1]!]
        : [
            [0, 0],
            [0, 0],
            [0, 0],
            [0, 0],
          ];
      const near = [last, next].filter((r): r is CharRead => !!r).map((r) => r.confidence);
      const confidence = /\s/u.test(ch) || near.length === 0 ? 1 : Math.min(...near);
      out.push({ text: ch, confidence, alternatives: [], quad });
    }
    pending.length = 0;
  };
  for (const op of ops) {
    if (op.kind === "insert") {
      pending.push(b[op.j]!);
      continue;
    }
    if (op.kind === "delete") continue;
    const r = reads[op.i]!;
    const ch = b[op.j]!;
    flush(r);
    if (op.kind === "keep") out.push(r);
    else {
      const alt = r.alternatives.find((x) => x.text === ch);
      out.push({
        text: ch,
        confidence: alt ? alt.confidence : r.confidence,
        alternatives: [
          { text: r.text, confidence: r.confidence },
          ...r.alternatives.filter((x) => x.text !== ch),
        ].slice(0, MAX_ALTERNATIVES),
        quad: r.quad,
      });
    }
    last = out.at(-1);
  }
  flush(undefined);
  return out;
}

type Op =
  | { kind: "keep" | "replace"; i: number; j: number }
  | { kind: "delete"; i: number }
  | { kind: "insert"; j: number };

/** The shortest edit from `a` to `b` (Levenshtein with the trace kept), as operations in order. */
export function alignOps(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const d = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = 0; i <= n; i++) d[at(i, 0)] = i;
  for (let j = 0; j <= m; j++) d[at(0, j)] = j;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[at(i, j)] = Math.min(
        d[at(i - 1, j - 1)]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        d[at(i - 1, j)]! + 1,
        d[at(i, j - 1)]! + 1,
      );
  const ops: Op[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[at(i, j)] === d[at(i - 1, j - 1)]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      ops.push({ kind: a[i - 1] === b[j - 1] ? "keep" : "replace", i: i - 1, j: j - 1 });
      i--;
      j--;
    } else if (i > 0 && d[at(i, j)] === d[at(i - 1, j)]! + 1) {
      ops.push({ kind: "delete", i: i - 1 });
      i--;
    } else {
      ops.push({ kind: "insert", j: j - 1 });
      j--;
    }
  }
  return ops.reverse();
}

/** Public form of a reading: its place as [x0, y0, x1, y1] after mapping its corners with `map`. */
export function toOcrChar(r: CharRead, map: (p: Point) => Point): OcrChar {
  const pts = r.quad.map(map);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return {
    text: r.text,
    confidence: round3(r.confidence),
    alternatives: r.alternatives.map((x) => ({ text: x.text, confidence: round3(x.confidence) })),
    box: [
      Math.round(Math.min(...xs)),
      Math.round(Math.min(...ys)),
      Math.round(Math.max(...xs)),
      Math.round(Math.max(...ys)),
    ],
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function median(xs: number[]): number {
  const s = [...xs].sort((p, q) => p - q);
  return s[Math.floor(s.length / 2)] ?? 0;
}
