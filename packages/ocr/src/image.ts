import sharp from "sharp";
import { OcrError } from "./errors.ts";
import { BAND_ASPECT } from "./steps/bands.ts";

/** 3-channel RGB raster, row-major, 8 bits per channel. */
export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Decoded pixel limit (sharp default is 268M); guards against decompression bombs. */
const MAX_PIXELS = 100_000_000;

export interface DecodeOptions {
  exif: boolean;
  /** When set, the longest side is reduced to this while decoding (cheap, keeps memory low). */
  maxSide?: number;
}

export interface Decoded extends Rgb {
  /** Size of the (EXIF-oriented) original before any downscale. */
  originalWidth: number;
  originalHeight: number;
}

/** A strip's short side is capped at this fraction of `maxSide`, its long side at this multiple. */
const STRIP_ACROSS = 0.7;
const STRIP_ALONG = 4;

export async function decodeImage(bytes: Uint8Array, opts: DecodeOptions): Promise<Decoded> {
  if (bytes.byteLength === 0) throw new OcrError("OCR_BAD_IMAGE", "Image is empty (0 bytes)");
  try {
    let img = sharp(bytes, { failOn: "error", limitInputPixels: MAX_PIXELS });
    if (opts.exif) img = img.rotate();
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    img = img.flatten({ background: "#ffffff" }).toColourspace("srgb");
    const swap = opts.exif && (meta.orientation ?? 1) >= 5;
    if (opts.maxSide) {
      const [w, h] = swap ? [meta.height, meta.width] : [meta.width, meta.height];
      // a strip (several photos stacked, a long page) keeps its width: it is read in bands, not shrunk whole
      const strip = Math.max(w, h) > BAND_ASPECT * Math.min(w, h);
      const across = Math.round(STRIP_ACROSS * opts.maxSide);
      const along = Math.round(STRIP_ALONG * opts.maxSide);
      const [bw, bh] = !strip ? [opts.maxSide, opts.maxSide] : w < h ? [across, along] : [along, across];
      img = img.resize({ width: bw, height: bh, fit: "inside", withoutEnlargement: true });
    }
    const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      originalWidth: swap ? meta.height : meta.width,
      originalHeight: swap ? meta.width : meta.height,
    };
  } catch (err) {
    if (err instanceof OcrError) throw err;
    const msg = err instanceof Error ? err.message : String(err);
    throw new OcrError("OCR_BAD_IMAGE", `Cannot decode image: ${msg}`, { cause: err });
  }
}

export interface EncodedJpeg {
  data: Buffer;
  /** Size of the JPEG. */
  width: number;
  height: number;
  /** Size of the EXIF-oriented original, for mapping coordinates back. */
  originalWidth: number;
  originalHeight: number;
}

/**
 * EXIF-rotate, downscale to `maxSide` (never enlarge), flatten transparency onto white and encode as JPEG: the
 * image the cloud providers send. Corrupt or empty input is an `OCR_BAD_IMAGE`.
 */
export async function encodeJpeg(
  bytes: Uint8Array,
  opts: { maxSide?: number; quality?: number } = {},
): Promise<EncodedJpeg> {
  if (bytes.byteLength === 0) throw new OcrError("OCR_BAD_IMAGE", "Image is empty (0 bytes)");
  const maxSide = opts.maxSide ?? 2000;
  try {
    const img = sharp(bytes, { failOn: "error", limitInputPixels: MAX_PIXELS });
    const meta = await img.metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    const { data, info } = await img
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: opts.quality ?? 88 })
      .toBuffer({ resolveWithObject: true });
    const swap = (meta.orientation ?? 1) >= 5;
    return {
      data,
      width: info.width,
      height: info.height,
      originalWidth: swap ? meta.height : meta.width,
      originalHeight: swap ? meta.width : meta.height,
    };
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw new OcrError("OCR_BAD_IMAGE", `Cannot decode image: ${msg}`, { cause: err });
  }
}

export async function resizeRgb(
  img: Rgb,
  width: number,
  height: number,
  kernel: "lanczos3" | "cubic" | "linear" = "lanczos3",
): Promise<Rgb> {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  if (w === img.width && h === img.height) return img;
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(w, h, { fit: "fill", kernel })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

export async function rotateRgb(img: Rgb, degrees: number): Promise<Rgb> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .rotate(degrees, { background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

export function cropRgb(img: Rgb, x0: number, y0: number, w: number, h: number): Rgb {
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const src = ((y0 + y) * img.width + x0) * 3;
    out.set(img.data.subarray(src, src + w * 3), y * w * 3);
  }
  return { data: out, width: w, height: h };
}

export async function encodePng(img: Rgb): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Luma (0..255) per pixel. */
export function toGray(img: Rgb): Uint8Array {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0; i < n; i++) out[i] = (d[i * 3]! * 299 + d[i * 3 + 1]! * 587 + d[i * 3 + 2]! * 114) / 1000;
  return out;
}

/** Bilinear sample of `img` at (sx, sy) in continuous pixel coordinates (clamped to the image) into out[o..o+2]. */
export function sampleBilinear(img: Rgb, sx: number, sy: number, out: Uint8Array, o: number): void {
  const { data, width: W, height: H } = img;
  const fx = Math.min(W - 1, Math.max(0, sx - 0.5));
  const fy = Math.min(H - 1, Math.max(0, sy - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, W - 1);
  const y1 = Math.min(y0 + 1, H - 1);
  const ax = fx - x0;
  const ay = fy - y0;
  for (let ch = 0; ch < 3; ch++) {
    const a = data[(y0 * W + x0) * 3 + ch]!;
    const b = data[(y0 * W + x1) * 3 + ch]!;
    const c = data[(y1 * W + x0) * 3 + ch]!;
    const d = data[(y1 * W + x1) * 3 + ch]!;
    out[o + ch] = (a * (1 - ax) + b * ax) * (1 - ay) + (c * (1 - ax) + d * ax) * ay;
  }
}
