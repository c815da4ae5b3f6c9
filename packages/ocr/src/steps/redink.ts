import type { Rgb } from "../image.ts";

/**
 * The teacher's red ink (circles, underlines, corrections, the score) crossing a line of the child's writing: the
 * recogniser reads it as letters and digits (白→8, 个→F). Removed per line image, only from a line that has red ink,
 * and only red pixels are touched: blue and black strokes, and the line's colours elsewhere, stay as they were
 * (the page-wide `color` step greyed every line and ate strokes). A pixel is red when red exceeds both other
 * channels by a quarter of its red and by 24 levels — a pale red pen included, blue-black ink never (its red is the
 * lowest channel).
 */
export function isRed(r: number, g: number, b: number): boolean {
  const dom = r - Math.max(g, b);
  return dom > 24 && dom > r / 4;
}

/** Red pixels below this share of a line leave the line as it is (JPEG fringes, a red grid's specks). */
const MIN_RED_SHARE = 0.004;

/** The line image with its red ink turned to the line's paper colour, or the line itself when it has none. */
export function removeRedInk(line: Rgb): Rgb {
  const { width, height, data } = line;
  const n = width * height;
  let red = 0;
  for (let i = 0; i < n; i++) if (isRed(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!)) red++;
  if (red < MIN_RED_SHARE * n) return line;
  const paper = paperColour(line);
  const out = new Uint8Array(data);
  for (let i = 0; i < n; i++) {
    if (!isRed(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!)) continue;
    out[i * 3] = paper[0];
    out[i * 3 + 1] = paper[1];
    out[i * 3 + 2] = paper[2];
  }
  return { data: out, width, height };
}

/** The paper: the median colour of the line's brightest tenth. */
function paperColour(line: Rgb): [number, number, number] {
  const { data } = line;
  const n = line.width * line.height;
  const lum: [number, number][] = [];
  const stride = Math.max(1, Math.floor(n / 4000));
  for (let i = 0; i < n; i += stride) lum.push([data[i * 3]! + data[i * 3 + 1]! + data[i * 3 + 2]!, i]);
  lum.sort((a, b) => b[0] - a[0]);
  const top = lum.slice(0, Math.max(1, Math.floor(lum.length / 10)));
  const [, i] = top[Math.floor(top.length / 2)]!;
  return [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
}
