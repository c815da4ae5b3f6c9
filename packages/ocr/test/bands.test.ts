import { describe, expect, it } from "vitest";
import { bandsFor, inCore } from "../src/steps/bands.ts";

describe("bands of a tall image", () => {
  it("reads an ordinary page in one piece", () => {
    expect(bandsFor(750, 1250)).toEqual([{ y0: 0, y1: 1250, core0: 0, core1: 1250 }]);
  });

  it("covers a stacked image with overlapping bands whose cores tile it exactly once", () => {
    const bands = bandsFor(750, 5000);
    expect(bands.length).toBeGreaterThan(3);
    expect(bands[0]!.y0).toBe(0);
    expect(bands.at(-1)!.y1).toBe(5000);
    for (const b of bands) expect(b.y1 - b.y0).toBeLessThanOrEqual(Math.round(1.4 * 750));
    for (let k = 1; k < bands.length; k++) {
      // the next band starts before this one ends, by more than two text lines
      expect(bands[k - 1]!.y1 - bands[k]!.y0).toBeGreaterThan(150);
      expect(bands[k]!.core0).toBe(bands[k - 1]!.core1);
    }
    for (let y = 0; y < 5000; y += 7) expect(bands.filter((b) => inCore(b, y))).toHaveLength(1);
  });

  it("keeps a line near a cut whole: its band's core lies away from that band's edges", () => {
    for (const b of bandsFor(750, 5000)) {
      if (b.y0 > 0) expect(b.core0 - b.y0).toBeGreaterThan(100);
      if (b.y1 < 5000) expect(b.y1 - b.core1).toBeGreaterThan(100);
    }
  });
});
