import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "@essay/contract";
import sharp from "sharp";
import { fail } from "../../lib/fail.ts";

/** Longest side kept after normalising; recognition works on ≤ 2000 px anyway. */
const STORED_MAX_SIDE = 4096;

export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

export interface NormalisedImage {
  bytes: Buffer;
  width: number;
  height: number;
  sourceType: "jpeg" | "png";
}

/**
 * Checks an upload and re-encodes it: JPEG or PNG by magic bytes, dimensions from the header before
 * any decoding (no decompression bombs), then decode with EXIF orientation applied, metadata dropped.
 */
export async function normaliseImage(bytes: Buffer): Promise<NormalisedImage> {
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw fail("UPLOAD_INVALID_TYPE", { status: 415 });
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw fail("UPLOAD_CORRUPT", { status: 422 });
  }
  const { width, height } = meta;
  if (!width || !height) throw fail("UPLOAD_CORRUPT", { status: 422 });
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw fail("UPLOAD_TOO_MANY_PIXELS", { status: 422 });
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated" })
      .rotate()
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, sourceType };
  } catch {
    throw fail("UPLOAD_CORRUPT", { status: 422 });
  }
}
