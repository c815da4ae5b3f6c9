import { describe, expect, it } from "vitest";
import { trendPoints } from "./trend-points.ts";

describe("trendPoints", () => {
  it("spreads the scores across the box, 40 at the top and 0 at the bottom", () => {
    expect(trendPoints([0, 20, 40], 108, 48)).toEqual([
      [4, 44],
      [54, 24],
      [104, 4],
    ]);
  });
  it("centres a single report and keeps scores inside the box", () => {
    expect(trendPoints([30], 100, 48)).toEqual([[50, 14]]);
    expect(trendPoints([-5, 50], 100, 48).map(([, y]) => y)).toEqual([44, 4]);
  });
});
