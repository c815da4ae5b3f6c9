import { minAreaRect, type RotatedRect, rectToQuad } from "./geometry.ts";
import { type Rgb, sampleBilinear } from "./image.ts";
import type { Point, Quad } from "./types.ts";

export interface DetParams {
  /** Probability threshold for text pixels (PaddleOCR uses 0.3; @gutenye/ocr-node 0.03, which measured better on handwriting). */
  thresh: number;
  /** Expansion of the shrunk text kernel (PaddleOCR unclip_ratio). */
  unclipRatio: number;
  /** Minimum short side in map pixels. */
  minSize: number;
  /** Minimum mean probability inside the component (PaddleOCR box_thresh); 0 disables. */
  boxThresh: number;
}

export const DEFAULT_DET: DetParams = { thresh: 0.03, unclipRatio: 1.5, minSize: 3, boxThresh: 0 };

/** Detector input: stretch to multiples of 32, BGR planes, x/255 (the @gutenye defaults). */
export function detInput(img: Rgb): { data: Float32Array; width: number; height: number } {
  const { width, height, data } = img;
  const n = width * height;
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i] = data[i * 3 + 2]! / 255;
    out[n + i] = data[i * 3 + 1]! / 255;
    out[2 * n + i] = data[i * 3]! / 255;
  }
  return { data: out, width, height };
}

export function detSize(width: number, height: number): { width: number; height: number } {
  return { width: Math.max(32, Math.ceil(width / 32) * 32), height: Math.max(32, Math.ceil(height / 32) * 32) };
}

export interface DetBox {
  rect: RotatedRect;
  quad: Quad;
  score: number;
}

/**
 * Probability map → text boxes in source coordinates (scaled by sx, sy).
 * Connected components (8-neighbour) of the thresholded map, minimum-area rectangle, unclip, scale.
 */
export function boxesFromProbMap(
  prob: Float32Array,
  mapW: number,
  mapH: number,
  sx: number,
  sy: number,
  srcW: number,
  srcH: number,
  params: DetParams = DEFAULT_DET,
): DetBox[] {
  const labels = new Int32Array(mapW * mapH);
  const boxes: DetBox[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < prob.length; start++) {
    if (labels[start] !== 0 || prob[start]! <= params.thresh) continue;
    next++;
    labels[start] = next;
    stack.push(start);
    // per-row extents for the hull
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    let sum = 0;
    let count = 0;
    while (stack.length > 0) {
      const idx = stack.pop()!;
      const x = idx % mapW;
      const y = (idx - x) / mapW;
      sum += prob[idx]!;
      count++;
      const mn = rowMin.get(y);
      if (mn === undefined || x < mn) rowMin.set(y, x);
      const mx = rowMax.get(y);
      if (mx === undefined || x > mx) rowMax.set(y, x);
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= mapH) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= mapW) continue;
          const j = yy * mapW + xx;
          if (labels[j] === 0 && prob[j]! > params.thresh) {
            labels[j] = next;
            stack.push(j);
          }
        }
      }
    }
    const pts: Point[] = [];
    for (const [y, x0] of rowMin) {
      const x1 = rowMax.get(y)!;
      pts.push([x0, y], [x1, y]);
    }
    const r = minAreaRect(pts);
    if (Math.min(r.w, r.h) < params.minSize) continue;
    const score = sum / count;
    if (params.boxThresh > 0 && score < params.boxThresh) continue;
    // unclip: offsetting a rectangle by d grows each side by 2d
    const area = r.w * r.h;
    const perim = 2 * (r.w + r.h);
    const d = perim > 0 ? (area * params.unclipRatio) / perim : 0;
    const grown: RotatedRect = { ...r, w: r.w + 2 * d, h: r.h + 2 * d };
    if (Math.min(grown.w, grown.h) < params.minSize + 2) continue;
    const quad = rectToQuad(grown).map(([x, y]) => [
      Math.min(Math.max(Math.round(x * sx), 0), srcW),
      Math.min(Math.max(Math.round(y * sy), 0), srcH),
    ]) as Quad;
    const scaled: RotatedRect = {
      cx: grown.cx * sx,
      cy: grown.cy * sy,
      w: grown.w * Math.hypot(Math.cos(r.angle) * sx, Math.sin(r.angle) * sy),
      h: grown.h * Math.hypot(Math.sin(r.angle) * sx, Math.cos(r.angle) * sy),
      angle: Math.atan2(Math.sin(r.angle) * sy, Math.cos(r.angle) * sx),
    };
    if (scaled.w <= 3 || scaled.h <= 3) continue;
    boxes.push({ rect: scaled, quad, score });
  }
  return boxes;
}

/** Bilinear crop of a rotated rectangle into an upright raster (rotated 90° when the box is tall: vertical text). */
export function cropRotated(img: Rgb, r: RotatedRect, outHeight?: number): Rgb {
  let w = Math.max(1, Math.round(r.w));
  let h = Math.max(1, Math.round(r.h));
  let scale = 1;
  if (outHeight && h > outHeight) {
    scale = h / outHeight;
    w = Math.max(1, Math.round(w / scale));
    h = outHeight;
  }
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const v = (y + 0.5) * scale - r.h / 2;
    for (let x = 0; x < w; x++) {
      const u = (x + 0.5) * scale - r.w / 2;
      sampleBilinear(img, r.cx + u * c - v * s, r.cy + u * s + v * c, out, (y * w + x) * 3);
    }
  }
  const crop: Rgb = { data: out, width: w, height: h };
  if (h / w >= 1.5) return rotate90ccw(crop);
  return crop;
}

function rotate90ccw(img: Rgb): Rgb {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h * 3);
  // new width = h, new height = w; pixel (x,y) -> (y, w-1-x)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const nx = y;
      const ny = w - 1 - x;
      const si = (y * w + x) * 3;
      const di = (ny * h + nx) * 3;
      out[di] = data[si]!;
      out[di + 1] = data[si + 1]!;
      out[di + 2] = data[si + 2]!;
    }
  }
  return { data: out, width: h, height: w };
}
