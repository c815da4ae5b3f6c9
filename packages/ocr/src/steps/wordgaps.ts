import { cropRgb, type Rgb } from "../image.ts";

const LATIN = /[\p{Script=Latin}\p{N}]/u;

/** Characters of `spaced` (the decoded text plus inserted spaces) with the frame of each decoded character. */
export function alignSteps(spaced: string, decoded: string, steps: number[]): { ch: string; step?: number }[] {
  const d = [...decoded];
  let j = 0;
  return [...spaced].map((ch) => {
    if (j < d.length && d[j] === ch) return { ch, step: steps[j++] };
    return { ch };
  });
}

/**
 * The Chinese recogniser seldom emits spaces between handwritten English words. Find ink gaps in the
 * line image that are at least `minGap` × line height wide and put a space between two emitted Latin
 * characters whose positions fall on either side of such a gap.
 */
export function insertWordGaps(text: string, steps: number[], T: number, line: Rgb, minGap = 0.3): string {
  const chars = [...text];
  if (chars.length !== steps.length || chars.length < 2) return text;
  if (!chars.some((c) => LATIN.test(c))) return text;
  const { width: W, height: H } = line;
  const ink = columnInk(line);
  const gaps: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= W; x++) {
    const empty = x < W && ink[x]! <= 1;
    if (empty && start < 0) start = x;
    if (!empty && start >= 0) {
      if (x - start >= minGap * H) gaps.push([start, x]);
      start = -1;
    }
  }
  if (gaps.length === 0) return text;
  const xOf = (t: number) => ((t + 0.5) * W) / T;
  let out = chars[0]!;
  for (let i = 1; i < chars.length; i++) {
    const a = chars[i - 1]!;
    const b = chars[i]!;
    if (a !== " " && b !== " " && (LATIN.test(a) || LATIN.test(b)) && !/\p{Script=Han}/u.test(a + b)) {
      const x0 = xOf(steps[i - 1]!);
      const x1 = xOf(steps[i]!);
      if (gaps.some(([g0, g1]) => (g0 + g1) / 2 > x0 && (g0 + g1) / 2 < x1)) out += " ";
    }
    out += b;
  }
  return out;
}

/** Ink per column: pixels clearly darker than the line's bright level. */
function columnInk(line: Rgb): Uint16Array {
  const { width: W, height: H, data } = line;
  let maxV = 0;
  for (let i = 0; i < W * H; i++) maxV = Math.max(maxV, data[i * 3]!);
  const thr = maxV * 0.6;
  const ink = new Uint16Array(W);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (data[(y * W + x) * 3]! < thr) ink[x]!++;
  return ink;
}

/**
 * Cut a long line image into pieces of at most ~maxRatio × height, each cut at the emptiest column
 * near the target position (so characters are not split). gapBefore marks cuts in a word-sized gap.
 */
export function splitLine(line: Rgb, maxRatio: number): { img: Rgb; gapBefore: boolean; x: number }[] {
  const { width: W, height: H } = line;
  if (W <= maxRatio * H) return [{ img: line, gapBefore: false, x: 0 }];
  const ink = columnInk(line);
  const n = Math.ceil(W / (maxRatio * H));
  const target = W / n;
  const cuts: number[] = [];
  for (let k = 1; k < n; k++) {
    const c = Math.round(k * target);
    let best = c;
    for (let x = Math.max(1, Math.round(c - target * 0.25)); x < Math.min(W - 1, c + target * 0.25); x++) {
      if (ink[x]! < ink[best]! || (ink[x] === ink[best] && Math.abs(x - c) < Math.abs(best - c))) best = x;
    }
    cuts.push(best);
  }
  const pieces: { img: Rgb; gapBefore: boolean; x: number }[] = [];
  let prev = 0;
  for (const [i, c] of [...cuts, W].entries()) {
    if (c - prev < 4) continue;
    let gap = false;
    if (i > 0) {
      // width of the empty run around the cut
      let a = prev;
      let b = prev;
      while (a > 0 && ink[a - 1]! <= 1) a--;
      while (b < W && ink[b]! <= 1) b++;
      gap = b - a >= 0.3 * H;
    }
    pieces.push({ img: cropRgb(line, prev, 0, c - prev, H), gapBefore: gap, x: prev });
    prev = c;
  }
  return pieces;
}
