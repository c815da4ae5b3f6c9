import sharp from "sharp";
import type { Rgb } from "../src/image.ts";

export function solid(width: number, height: number, rgb: [number, number, number]): Rgb {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return { data, width, height };
}

export function px(img: Rgb, x: number, y: number): [number, number, number] {
  const i = (y * img.width + x) * 3;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

export function fillRect(img: Rgb, x0: number, y0: number, w: number, h: number, rgb: [number, number, number]) {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) img.data.set(rgb, (y * img.width + x) * 3);
}

/** Render text lines to a PNG with SVG (fontconfig fonts). */
export async function renderText(
  lines: string[],
  opts: { font?: string; size?: number; width?: number; bg?: string; ink?: string } = {},
): Promise<Buffer> {
  const size = opts.size ?? 40;
  const width = opts.width ?? 900;
  const height = Math.round(size * 1.8 * lines.length + size * 2);
  const texts = lines
    .map(
      (l, i) =>
        `<text x="${size}" y="${size * 1.5 + i * size * 1.8}" font-family="${opts.font ?? "DejaVu Sans, sans-serif"}" font-size="${size}" fill="${opts.ink ?? "#111"}">${l}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${opts.bg ?? "#fff"}"/>${texts}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
