import { describe, expect, it } from "vitest";
import type { Rgb } from "../src/image.ts";
import { isRed, removeRedInk } from "../src/steps/redink.ts";

/** A 100 × 40 line of off-white paper with a blue stroke in columns 10–30 and a black one in 40–50. */
function lineWith(red?: [number, number, number]): Rgb {
  const w = 100;
  const h = 40;
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let c: [number, number, number] = [235, 240, 232];
      if (x >= 10 && x < 30 && y >= 10 && y < 14) c = [40, 60, 160];
      if (x >= 40 && x < 50 && y >= 5 && y < 35) c = [30, 30, 35];
      if (red && y >= 20 && y < 23) c = red;
      data.set(c, (y * w + x) * 3);
    }
  return { data, width: w, height: h };
}

const px = (img: Rgb, x: number, y: number) => [
  ...img.data.slice((y * img.width + x) * 3, (y * img.width + x) * 3 + 3),
];

describe("red ink removal per line", () => {
  it("tells red pen from blue and black ink", () => {
    expect(isRed(200, 40, 50)).toBe(true);
    expect(isRed(230, 150, 160)).toBe(true); // a pale red pen
    expect(isRed(40, 60, 160)).toBe(false);
    expect(isRed(30, 30, 35)).toBe(false);
    expect(isRed(150, 120, 110)).toBe(false); // brownish paper in a shadow
  });

  it("leaves a line without red ink exactly as it was", () => {
    const img = lineWith();
    expect(removeRedInk(img)).toBe(img);
  });

  it("turns a red underline into paper and keeps the blue and black strokes", () => {
    const img = lineWith([210, 50, 60]);
    const out = removeRedInk(img);
    expect(px(out, 70, 21)).toEqual([235, 240, 232]);
    expect(px(out, 15, 11)).toEqual([40, 60, 160]);
    expect(px(out, 45, 30)).toEqual([30, 30, 35]);
  });
});
