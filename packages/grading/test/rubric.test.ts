import { describe, expect, it } from "vitest";
import { BAND_DESCRIPTORS, CRITERION_LABELS, DEFAULT_RUBRIC, GRADE_BANDS, gradeBand, TOTAL_MAX } from "../src/index.ts";

describe("rubric", () => {
  it("maps totals to grade bands at the boundaries", () => {
    const cases: [number, string][] = [
      [40, "excellent"],
      [35, "excellent"],
      [34, "good"],
      [30, "good"],
      [29, "pass"],
      [25, "pass"],
      [24, "needs_improvement"],
      [20, "needs_improvement"],
      [19, "fail"],
      [0, "fail"],
    ];
    for (const [t, b] of cases) expect(gradeBand(t)).toBe(b);
  });

  it("default rubric adds up to 40 and every criterion has labels in three languages", () => {
    expect(DEFAULT_RUBRIC.criteria.reduce((a, c) => a + c.max, 0)).toBe(TOTAL_MAX);
    for (const c of DEFAULT_RUBRIC.criteria) {
      for (const l of ["en", "zh-CN", "zh-TW"] as const) {
        expect(c.label[l].length).toBeGreaterThan(0);
        expect(CRITERION_LABELS[c.key][l]).toBe(c.label[l]);
      }
    }
  });

  it("exports band descriptors at 15, 20, 25, 30, 35 in en, zh-CN and zh-TW", () => {
    expect(BAND_DESCRIPTORS.map((d) => d.score).sort()).toEqual([15, 20, 25, 30, 35]);
    for (const d of BAND_DESCRIPTORS) {
      expect(gradeBand(d.score)).toBe(d.band);
      expect(d.description.en).toMatch(/[a-z]/);
      expect(d.description["zh-CN"]).toMatch(/\p{Script=Han}/u);
      expect(d.description["zh-TW"]).toMatch(/\p{Script=Han}/u);
      expect(d.description["zh-TW"]).not.toBe(d.description["zh-CN"]);
    }
    expect(GRADE_BANDS).toHaveLength(5);
  });
});
