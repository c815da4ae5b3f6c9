import sharp from "sharp";
import { applyHomography, type Homography, homography, isConvexQuad, quadArea } from "./geometry.ts";
import type { Rgb } from "./image.ts";
import { sampleBilinear, toGray } from "./image.ts";
import type { Point, Quad } from "./types.ts";

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
    // dominance relative to brightness, so a grid line or red mark in a shadow is removed like one in the light
    // green grids print teal as often as green: green over red, blue not clearly above green (blue ink is)
    const greenish = g - r > Math.max(12, 0.08 * g) && b - g < 12 && g > 60;
    if (redDom > 0.16 * r || (greenDom > 0.07 * g && greenDom > 6 && g > 60) || greenish) {
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

export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Corners of the sheet (TL, TR, BR, BL, full-resolution pixels) when it is photographed at an angle. */
  quad?: Quad;
}

/**
 * Page detection: Otsu-threshold a downscaled grey image and take the bright connected regions that
 * look like sheets (compact, at least 30% of the largest one's area). A single sheet is only cropped when
 * it leaves a real background margin (covers 15–92% of the photo); several sheets photographed together
 * are returned in reading order (rows top to bottom, left to right). Empty: no page found, use the image.
 */
export function findPages(img: Rgb): Region[] {
  // only photos of whole pages: cropped lines and small scans have no desk around them
  if (Math.min(img.width, img.height) < 400) return [];
  const f = Math.max(1, Math.floor(Math.max(img.width, img.height) / 400));
  const sw = Math.floor(img.width / f);
  const sh = Math.floor(img.height / f);
  const small = new Uint8Array(sw * sh);
  const d = img.data;
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let s = 0;
      for (let dy = 0; dy < f; dy++)
        for (let dx = 0; dx < f; dx++) {
          const i = ((y * f + dy) * img.width + x * f + dx) * 3;
          s += (d[i]! * 299 + d[i + 1]! * 587 + d[i + 2]! * 114) / 1000;
        }
      small[y * sw + x] = s / (f * f);
    }
  const hist = new Array<number>(256).fill(0);
  for (const v of small) hist[v] = (hist[v] ?? 0) + 1;
  const t = otsu(hist, small.length);
  const labels = new Int32Array(sw * sh);
  const comps: { count: number; x0: number; y0: number; x1: number; y1: number; label: number }[] = [];
  const stack: number[] = [];
  for (let i = 0; i < small.length; i++) {
    if (labels[i] !== 0 || small[i]! <= t) continue;
    labels[i] = comps.length + 1;
    stack.push(i);
    const c = { count: 0, x0: sw, y0: sh, x1: 0, y1: 0, label: comps.length + 1 };
    while (stack.length) {
      const j = stack.pop()!;
      const x = j % sw;
      const y = (j - x) / sw;
      c.count++;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      if (x > 0 && labels[j - 1] === 0 && small[j - 1]! > t) {
        labels[j - 1] = labels[i]!;
        stack.push(j - 1);
      }
      if (x < sw - 1 && labels[j + 1] === 0 && small[j + 1]! > t) {
        labels[j + 1] = labels[i]!;
        stack.push(j + 1);
      }
      if (y > 0 && labels[j - sw] === 0 && small[j - sw]! > t) {
        labels[j - sw] = labels[i]!;
        stack.push(j - sw);
      }
      if (y < sh - 1 && labels[j + sw] === 0 && small[j + sw]! > t) {
        labels[j + sw] = labels[i]!;
        stack.push(j + sw);
      }
    }
    comps.push(c);
  }
  if (comps.length === 0) return [];
  const area = (c: (typeof comps)[number]) => (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1);
  const largest = comps.reduce((a, b) => (b.count > a.count ? b : a));
  const sheets = comps.filter(
    (c) => c.count >= 0.3 * largest.count && c.count / area(c) >= 0.6 && area(c) / (sw * sh) >= 0.05,
  );
  if (sheets.length === 0) return [];
  if (sheets.length === 1) {
    const frac = area(sheets[0]!) / (sw * sh);
    if (frac < 0.15 || frac > 0.92) return [];
  }
  const corners = sheetCorners(labels, sw, sheets);
  const regions = sheets.map((c, k): Region => {
    const x = Math.max(0, (c.x0 - 1) * f);
    const y = Math.max(0, (c.y0 - 1) * f);
    const region: Region = {
      x,
      y,
      w: Math.min(img.width - x, (c.x1 - c.x0 + 3) * f),
      h: Math.min(img.height - y, (c.y1 - c.y0 + 3) * f),
    };
    const q = corners[k]!;
    const quad = q.map(([px, py]) => [(px + 0.5) * f, (py + 0.5) * f]) as Quad;
    // warp only a sheet that really is a tilted or foreshortened quadrilateral it fills (not a curled or
    // partly covered one), and only when the corners are clearly off its bounding box
    const box: Quad = [
      [c.x0, c.y0],
      [c.x1 + 1, c.y0],
      [c.x1 + 1, c.y1 + 1],
      [c.x0, c.y1 + 1],
    ];
    const diag = Math.hypot(c.x1 - c.x0, c.y1 - c.y0);
    const off = Math.max(...q.map((p, i) => Math.hypot(p[0] - box[i]![0], p[1] - box[i]![1])));
    const area = quadArea(q);
    if (isConvexQuad(q) && off > 0.03 * diag && area > 0 && c.count / area >= 0.85) region.quad = quad;
    return region;
  });
  // reading order: a region belongs to an earlier row when it is entirely above the other's centre
  regions.sort((a, b) => {
    if (a.y + a.h < b.y + b.h / 2) return -1;
    if (b.y + b.h < a.y + a.h / 2) return 1;
    return a.x - b.x;
  });
  return regions;
}

/** Extreme corners (min x+y, max x−y, max x+y, min x−y) of each sheet's pixels in the label image. */
function sheetCorners(labels: Int32Array, sw: number, sheets: { label: number }[]): Quad[] {
  const idx = new Map(sheets.map((c, k) => [c.label, k]));
  const best = sheets.map(() => ({
    tl: [0, 0] as Point,
    tr: [0, 0] as Point,
    br: [0, 0] as Point,
    bl: [0, 0] as Point,
    s: [Infinity, -Infinity, -Infinity, Infinity],
  }));
  for (let i = 0; i < labels.length; i++) {
    const k = idx.get(labels[i]!);
    if (k === undefined) continue;
    const x = i % sw;
    const y = (i - x) / sw;
    const b = best[k]!;
    if (x + y < b.s[0]!) {
      b.s[0] = x + y;
      b.tl = [x, y];
    }
    if (x - y > b.s[1]!) {
      b.s[1] = x - y;
      b.tr = [x + 1, y];
    }
    if (x + y > b.s[2]!) {
      b.s[2] = x + y;
      b.br = [x + 1, y + 1];
    }
    if (x - y < b.s[3]!) {
      b.s[3] = x - y;
      b.bl = [x, y + 1];
    }
  }
  return best.map((b) => [b.tl, b.tr, b.br, b.bl]);
}

/**
 * Perspective correction: resample the quadrilateral `quad` (TL, TR, BR, BL) of `img` onto an upright
 * rectangle as wide and tall as its longer opposite sides. Returns the rectangle and the transform that maps
 * its pixels back into `img`.
 */
export function warpQuad(img: Rgb, quad: Quad): { img: Rgb; toSource: Homography } {
  const [tl, tr, br, bl] = quad;
  const d = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const w = Math.max(1, Math.round(Math.max(d(tl, tr), d(bl, br))));
  const h = Math.max(1, Math.round(Math.max(d(tl, bl), d(tr, br))));
  const toSource = homography(
    [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ],
    quad,
  );
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [sx, sy] = applyHomography(toSource, [x + 0.5, y + 0.5]);
      sampleBilinear(img, sx, sy, out, (y * w + x) * 3);
    }
  }
  return { img: { data: out, width: w, height: h }, toSource };
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
