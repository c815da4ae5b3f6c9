import sharp from "sharp";
import type { Rgb } from "./image.ts";
import { toGray } from "./image.ts";

/** Add a white border (helps the detector with text that touches the image edge, e.g. cropped single lines). */
export function padWhite(img: Rgb, pad: number): Rgb {
  const w = img.width + 2 * pad;
  const h = img.height + 2 * pad;
  const out = new Uint8Array(w * h * 3).fill(255);
  for (let y = 0; y < img.height; y++) {
    out.set(img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3), ((y + pad) * w + pad) * 3);
  }
  return { data: out, width: w, height: h };
}

/**
 * Illumination flattening: estimate the paper background with a max filter on a 1/16 downscale
 * (removes ink), blur it, upscale, and divide. Shadows and gradients become white paper.
 */
export async function flattenIllumination(img: Rgb): Promise<Rgb> {
  const f = 16;
  const sw = Math.max(4, Math.round(img.width / f));
  const sh = Math.max(4, Math.round(img.height / f));
  const small = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(sw, sh, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  // max filter radius 2 per channel
  const r = 2;
  const maxed = new Uint8Array(sw * sh * 3);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      for (let c = 0; c < 3; c++) {
        let m = 0;
        for (let dy = -r; dy <= r; dy++) {
          const yy = Math.min(sh - 1, Math.max(0, y + dy));
          for (let dx = -r; dx <= r; dx++) {
            const xx = Math.min(sw - 1, Math.max(0, x + dx));
            const v = small[(yy * sw + xx) * 3 + c]!;
            if (v > m) m = v;
          }
        }
        maxed[(y * sw + x) * 3 + c] = m;
      }
    }
  }
  const bg = await sharp(maxed, { raw: { width: sw, height: sh, channels: 3 } })
    .blur(2)
    .resize(img.width, img.height, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) {
    const b = Math.max(bg[i]!, 40);
    const v = (img.data[i]! * 255) / b;
    out[i] = Math.min(v, 255);
  }
  return { data: out, width: img.width, height: img.height };
}

/**
 * Colour suppression: whiten red/pink teacher ink and green (or red) grid lines; keep blue/black pen.
 * Output is a grey image replicated in three channels, ink = min channel (so blue pen stays dark).
 */
export function suppressColor(img: Rgb): { img: Rgb; removed: number } {
  const n = img.width * img.height;
  const out = new Uint8Array(n * 3);
  const d = img.data;
  let removed = 0;
  for (let i = 0; i < n; i++) {
    const r = d[i * 3]!;
    const g = d[i * 3 + 1]!;
    const b = d[i * 3 + 2]!;
    let v: number;
    const redDom = r - Math.max(g, b);
    const greenDom = g - Math.max(r, b);
    if (redDom > 40 || (greenDom > 12 && g > 90)) {
      v = 255;
      removed++;
    } else {
      v = Math.min(r, g, b);
    }
    out[i * 3] = v;
    out[i * 3 + 1] = v;
    out[i * 3 + 2] = v;
  }
  return { img: { data: out, width: img.width, height: img.height }, removed };
}

/**
 * Page detection: Otsu-threshold a downscaled grey image, take the largest bright connected region
 * and crop to its bounding box when it covers 15–92% of the photo (i.e. there is a visible background).
 */
export function findPage(img: Rgb): { x: number; y: number; w: number; h: number } | null {
  // only photos of whole pages: cropped lines and small scans have no desk around them
  if (Math.min(img.width, img.height) < 400) return null;
  const f = Math.max(1, Math.floor(Math.max(img.width, img.height) / 400));
  const sw = Math.floor(img.width / f);
  const sh = Math.floor(img.height / f);
  if (sw < 20 || sh < 20) return null;
  const gray = toGray(img);
  const small = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let s = 0;
      for (let dy = 0; dy < f; dy++) for (let dx = 0; dx < f; dx++) s += gray[(y * f + dy) * img.width + x * f + dx]!;
      small[y * sw + x] = s / (f * f);
    }
  const hist = new Array<number>(256).fill(0);
  for (const v of small) hist[v] = (hist[v] ?? 0) + 1;
  const t = otsu(hist, small.length);
  const labels = new Int32Array(sw * sh);
  let bestLabel = 0;
  let bestCount = 0;
  let bestBox = { x0: 0, y0: 0, x1: 0, y1: 0 };
  let next = 0;
  const stack: number[] = [];
  for (let i = 0; i < small.length; i++) {
    if (labels[i] !== 0 || small[i]! <= t) continue;
    next++;
    labels[i] = next;
    stack.push(i);
    let count = 0;
    const box = { x0: sw, y0: sh, x1: 0, y1: 0 };
    while (stack.length) {
      const j = stack.pop()!;
      const x = j % sw;
      const y = (j - x) / sw;
      count++;
      if (x < box.x0) box.x0 = x;
      if (x > box.x1) box.x1 = x;
      if (y < box.y0) box.y0 = y;
      if (y > box.y1) box.y1 = y;
      for (const k of [j - 1, j + 1, j - sw, j + sw]) {
        if (k < 0 || k >= small.length) continue;
        if ((k === j - 1 && x === 0) || (k === j + 1 && x === sw - 1)) continue;
        if (labels[k] === 0 && small[k]! > t) {
          labels[k] = next;
          stack.push(k);
        }
      }
    }
    if (count > bestCount) {
      bestCount = count;
      bestLabel = next;
      bestBox = box;
    }
  }
  if (bestLabel === 0) return null;
  const boxArea = (bestBox.x1 - bestBox.x0 + 1) * (bestBox.y1 - bestBox.y0 + 1);
  const frac = boxArea / (sw * sh);
  // the bright region must be compact (a sheet), and leave a real background margin
  if (frac < 0.15 || frac > 0.92 || bestCount / boxArea < 0.6) return null;
  const x = Math.max(0, (bestBox.x0 - 1) * f);
  const y = Math.max(0, (bestBox.y0 - 1) * f);
  const w = Math.min(img.width - x, (bestBox.x1 - bestBox.x0 + 3) * f);
  const h = Math.min(img.height - y, (bestBox.y1 - bestBox.y0 + 3) * f);
  return { x, y, w, h };
}

export function otsu(hist: number[], total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let bestT = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      bestT = t;
    }
  }
  return bestT;
}

/** Fraction of pixels darker than the paper by a clear margin (blank-page check). */
export function inkFraction(img: Rgb): number {
  const g = toGray(img);
  let dark = 0;
  for (const v of g) if (v < 160) dark++;
  return dark / g.length;
}
