import type { DetBox } from "./detect.ts";
import type { RotatedRect } from "./geometry.ts";
import type { Rgb } from "./image.ts";
import type { Quad } from "./types.ts";

/**
 * 方格 grid paper: rows of square cells printed in green or red. When the grid is found, its rows are the text lines —
 * the detector is not needed, and a lone mark in a row's first cell (a 。 the detector drops as too small) is
 * read with its row. Coordinates: `along`/`across` are positions along the rows and across them in a frame
 * rotated by `angle` about the image centre.
 */
export interface Grid {
  angle: number;
  /** Row bands across the rows: [start, end). */
  rows: [number, number][];
  /** Extent of the grid along the rows. */
  start: number;
  end: number;
  /** Cell pitch (px). */
  cell: number;
}

/**
 * Printed grid ink: clearly green or red (the `color` step removes the same pixels). The teacher's red marks land
 * in the same mask, but only a printed grid gives the regular line profile `findGrid` asks for.
 */
function gridMask(img: Rgb, f: number): { mask: Uint8Array; w: number; h: number } {
  const w = Math.floor(img.width / f);
  const h = Math.floor(img.height / f);
  const mask = new Uint8Array(w * h);
  const d = img.data;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let hit = 0;
      for (let dy = 0; dy < f && !hit; dy++)
        for (let dx = 0; dx < f; dx++) {
          const i = ((y * f + dy) * img.width + x * f + dx) * 3;
          const r = d[i]!;
          const g = d[i + 1]!;
          const b = d[i + 2]!;
          if ((g - r > 12 && b - g < 12 && g > 90) || r - Math.max(g, b) > 40) {
            hit = 1;
            break;
          }
        }
      mask[y * w + x] = hit;
    }
  return { mask, w, h };
}

/** Projection of the mask onto the axis across (rows) or along the rows, for a frame rotated by `angle`. */
function profile(m: { mask: Uint8Array; w: number; h: number }, angle: number, across: boolean): Float64Array {
  const { mask, w, h } = m;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const cx = w / 2;
  const cy = h / 2;
  const len = Math.ceil(Math.hypot(w, h)) + 2;
  const out = new Float64Array(len);
  const off = len / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      const dx = x - cx;
      const dy = y - cy;
      const v = across ? -dx * s + dy * c : dx * c + dy * s;
      const k = Math.round(v + off);
      if (k >= 0 && k < len) out[k]! += 1;
    }
  return out;
}

function peakiness(p: Float64Array): number {
  let s = 0;
  for (const v of p) s += v * v;
  return s;
}

/** Positions (profile index) of line peaks: local maxima above `frac` of the highest, at least `gap` apart. */
function peaks(p: Float64Array, frac: number, gap: number): number[] {
  let max = 0;
  for (const v of p) max = Math.max(max, v);
  const cand: number[] = [];
  for (let i = 1; i < p.length - 1; i++) {
    if (p[i]! >= frac * max && p[i]! >= p[i - 1]! && p[i]! >= p[i + 1]!) cand.push(i);
  }
  cand.sort((a, b) => p[b]! - p[a]!);
  const kept: number[] = [];
  for (const c of cand) if (kept.every((k) => Math.abs(k - c) >= gap)) kept.push(c);
  return kept.sort((a, b) => a - b);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** Whether the profile shows a (faint) line within `tol` of a position: at least 8% of its highest peak. */
function lineNearIn(profile: Float64Array, tol: number): (at: number) => boolean {
  let max = 0;
  for (const v of profile) max = Math.max(max, v);
  return (at) => {
    let best = 0;
    for (let i = Math.max(0, Math.round(at) - tol); i <= Math.min(profile.length - 1, Math.round(at) + tol); i++)
      best = Math.max(best, profile[i]!);
    return best >= 0.08 * max;
  };
}

/**
 * Rows are printed at a regular pitch: a row whose lines were too faint to pass the peak threshold (under writing,
 * in a washed-out photo) is put back where the pitch says it is — in a gap between found rows, and above and below
 * them while the profile still shows a line there.
 */
function extendRows(rows: [number, number][], across: Float64Array, cell: number): void {
  const starts = rows.map((r) => r[0]);
  const pitch = median(starts.slice(1).map((v, i) => v - starts[i]!));
  if (pitch < cell * 0.9) return;
  const tol = Math.max(2, Math.round(pitch * 0.12));
  const lineNear = lineNearIn(across, tol);
  const added: [number, number][] = [];
  for (let i = 1; i < rows.length; i++) {
    const gap = rows[i]![0] - rows[i - 1]![0];
    const k = Math.round(gap / pitch);
    if (k >= 2 && Math.abs(gap - k * pitch) <= tol * k) {
      for (let j = 1; j < k; j++) {
        const s0 = rows[i - 1]![0] + (gap * j) / k;
        added.push([s0, s0 + cell]);
      }
    }
  }
  for (let s0 = rows[0]![0] - pitch; s0 >= 0 && (lineNear(s0) || lineNear(s0 + cell)); s0 -= pitch) {
    added.push([s0, s0 + cell]);
  }
  for (
    let s0 = rows.at(-1)![0] + pitch;
    s0 + cell < across.length && (lineNear(s0) || lineNear(s0 + cell));
    s0 += pitch
  ) {
    added.push([s0, s0 + cell]);
  }
  rows.push(...added);
  rows.sort((a, b) => a[0] - b[0]);
}

/** Find a printed grid; null when the page has none (or too little of one to trust). */
export function findGrid(img: Rgb): Grid | null {
  const f = Math.max(1, Math.floor(Math.max(img.width, img.height) / 800));
  const m = gridMask(img, f);
  let count = 0;
  for (const v of m.mask) count += v;
  if (count < 0.005 * m.mask.length) return null;
  // the angle that makes the row lines sharpest
  let best = { angle: 0, score: -1 };
  for (let deg = -6; deg <= 6; deg += 0.25) {
    const a = (deg * Math.PI) / 180;
    const sc = peakiness(profile(m, a, true));
    if (sc > best.score) best = { angle: a, score: sc };
  }
  const across = profile(m, best.angle, true);
  const along = profile(m, best.angle, false);
  const colPeaks = peaks(along, 0.35, 4);
  if (colPeaks.length < 9) return null;
  const pitches = colPeaks.slice(1).map((v, i) => v - colPeaks[i]!);
  const cell = median(pitches);
  // the columns must be regular: most pitches within 20% of the median
  if (cell < 6 || pitches.filter((p) => Math.abs(p - cell) <= 0.2 * cell).length < 0.7 * pitches.length) return null;
  const rowPeaks = peaks(across, 0.25, Math.max(3, Math.round(cell * 0.15)));
  const rows: [number, number][] = [];
  const isCell = (d: number) => d >= 0.75 * cell && d <= 1.3 * cell;
  for (let i = 1; i < rowPeaks.length; i++) {
    if (isCell(rowPeaks[i]! - rowPeaks[i - 1]!)) rows.push([rowPeaks[i - 1]!, rowPeaks[i]!]);
  }
  // a line hidden under writing (or faded in the photo) leaves a row with one line found: a cell away from it,
  // on the side where no other line is near, is the row's other edge
  for (let i = 0; i < rowPeaks.length; i++) {
    const p = rowPeaks[i]!;
    if (rows.some(([a, b]) => a === p || b === p)) continue;
    const next = rowPeaks[i + 1];
    const prev = rowPeaks[i - 1];
    const nextFar = next === undefined || next - p > 1.3 * cell;
    const prevFar = prev === undefined || p - prev > 1.3 * cell;
    const prevGap = prev !== undefined && p - prev < 0.75 * cell;
    const nextGap = next !== undefined && next - p < 0.75 * cell;
    if (nextFar && (prevGap || !prevFar)) rows.push([p, p + cell]);
    else if (prevFar && (nextGap || !nextFar)) rows.push([p - cell, p]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  if (rows.length < 4) return null;
  extendRows(rows, across, cell);
  // the outer column lines, like faint rows, may miss the threshold: follow the pitch while a line is there
  const colNear = lineNearIn(along, Math.max(1, Math.round(cell * 0.12)));
  let first = colPeaks[0]!;
  let last = colPeaks.at(-1)!;
  while (first - cell >= 0 && colNear(first - cell)) first -= cell;
  while (last + cell < along.length && colNear(last + cell)) last += cell;
  const off = across.length / 2;
  const offAlong = along.length / 2;
  // back to full-resolution pixels, relative to the image centre
  return {
    angle: best.angle,
    rows: rows.map(([a, b]) => [(a - off) * f, (b - off) * f]),
    start: (first - offAlong) * f,
    end: (last - offAlong) * f,
    cell: cell * f,
  };
}

/**
 * One box per grid row that holds writing, trimmed to the cells with ink (so an indented first line keeps its
 * indent for the paragraph step). `ink` is the page after colour suppression (grid removed), `pad` the white
 * border added since the grid was found.
 */
export function gridRowBoxes(grid: Grid, ink: Rgb, pad: number, gridWidth: number, gridHeight: number): DetBox[] {
  const c = Math.cos(grid.angle);
  const s = Math.sin(grid.angle);
  const cx = gridWidth / 2 + pad;
  const cy = gridHeight / 2 + pad;
  const toImage = (along: number, across: number): [number, number] => [
    cx + along * c - across * s,
    cy + along * s + across * c,
  ];
  const boxes: DetBox[] = [];
  const step = Math.max(1, Math.round(grid.cell / 16));
  for (const [r0, r1] of grid.rows) {
    // ink per sixteenth of a cell along the row, inside the band (a small inset skips the removed lines'
    // remains); ink is judged against the band's own paper brightness, so a shaded row is not all "ink"
    const inset = (r1 - r0) * 0.08;
    const n = Math.ceil((grid.end - grid.start) / step);
    const samples: number[][] = [];
    const all: number[] = [];
    for (let k = 0; k < n; k++) {
      const along = grid.start + (k + 0.5) * step;
      const col: number[] = [];
      for (let v = r0 + inset; v < r1 - inset; v += step) {
        const [x, y] = toImage(along, v);
        const xi = Math.round(x);
        const yi = Math.round(y);
        if (xi < 0 || yi < 0 || xi >= ink.width || yi >= ink.height) continue;
        const g = ink.data[(yi * ink.width + xi) * 3]!;
        col.push(g);
        all.push(g);
      }
      samples.push(col);
    }
    if (all.length === 0) continue;
    all.sort((a, b) => a - b);
    const paper = all[Math.floor(all.length * 0.9)]!;
    const dark = Math.min(150, paper * 0.6);
    const cols = samples.map((col) => col.filter((g) => g < dark).length);
    let first = -1;
    let last = -1;
    for (let k = 0; k < n; k++) {
      if (cols[k]! >= 1) {
        if (first < 0) first = k;
        last = k;
      }
    }
    if (first < 0) continue;
    // at least a few samples of ink: specks of a removed line are not writing
    let total = 0;
    for (const v of cols) total += v;
    if (total < 3) continue;
    // a faint full stop after the last character must not be cut off: the crop runs a cell past the last ink
    const a0 = Math.max(grid.start, grid.start + first * step - grid.cell * 0.35);
    const a1 = Math.min(grid.end, grid.start + (last + 1) * step + grid.cell);
    // the band grows a little: children's characters overflow their cells
    const grow = (r1 - r0) * 0.1;
    const b0 = r0 - grow;
    const b1 = r1 + grow;
    const [ccx, ccy] = toImage((a0 + a1) / 2, (b0 + b1) / 2);
    const rect: RotatedRect = { cx: ccx, cy: ccy, w: a1 - a0, h: b1 - b0, angle: grid.angle };
    const quad: Quad = [toImage(a0, b0), toImage(a1, b0), toImage(a1, b1), toImage(a0, b1)];
    boxes.push({ rect, quad, score: 1 });
  }
  return boxes;
}
