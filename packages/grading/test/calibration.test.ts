import { describe, expect, it } from "vitest";
import { fitTeacherCalibration, type TeacherPoint } from "../src/calibration.ts";
import { ContentKernel } from "../src/similarity.ts";

/** n teacher-scored essays whose model totals spread evenly over [18, 32]. */
function points(n: number, teacher: (grading: number, i: number) => number): TeacherPoint[] {
  return Array.from({ length: n }, (_, i) => {
    const grading = 18 + (14 * i) / Math.max(1, n - 1);
    return { grading, linear: grading + ((i % 3) - 1), teacher: teacher(grading, i) };
  });
}

describe("fitTeacherCalibration", () => {
  it("without teacher scores keeps the uncalibrated grade", () => {
    const cal = fitTeacherCalibration([]);
    expect(cal.method).toBe("identity");
    expect(cal.apply({ grading: 27.4, linear: 20 })).toBe(27.4);
    expect(cal.apply({ grading: 45, linear: 45 })).toBe(40);
  });

  it("follows a consistent teacher's level closely with many essays", () => {
    const cal = fitTeacherCalibration(points(50, (g) => g - 5));
    expect(cal.apply({ grading: 25, linear: 25 })).toBeCloseTo(20, 0);
  });

  it("moves only part of the way with one teacher score", () => {
    const cal = fitTeacherCalibration([{ grading: 25, linear: 25, teacher: 33 }]);
    const moved = cal.apply({ grading: 25, linear: 25 }) - 25;
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(4);
  });

  it("trusts a teacher who disagrees with the model essay by essay less than a consistent one", () => {
    const consistent = fitTeacherCalibration(points(12, (g) => g + 6));
    const noisy = fitTeacherCalibration(points(12, (g, i) => g + 6 + (i % 2 === 0 ? 9 : -9)));
    const shift = (c: ReturnType<typeof fitTeacherCalibration>) => c.apply({ grading: 25, linear: 25 }) - 25;
    expect(shift(consistent)).toBeGreaterThan(shift(noisy));
    expect(shift(noisy)).toBeGreaterThan(0);
  });

  it("is monotone in both model totals and in the content estimate", () => {
    const cal = fitTeacherCalibration(
      points(20, (g, i) => 1.3 * g - 4 + (i % 4)).map((p, i) => ({ ...p, content: (i % 5) - 2 })),
    );
    let prev = -1;
    for (let g = 5; g <= 40; g += 0.5) {
      const v = cal.apply({ grading: g, linear: g, content: 0 });
      expect(v).toBeGreaterThanOrEqual(prev);
      prev = v;
    }
    expect(cal.apply({ grading: 25, linear: 27, content: 0 })).toBeGreaterThanOrEqual(
      cal.apply({ grading: 25, linear: 25, content: 0 }),
    );
    expect(cal.apply({ grading: 25, linear: 25, content: 2 })).toBeGreaterThan(
      cal.apply({ grading: 25, linear: 25, content: -2 }),
    );
  });

  it("matches a wider teacher spread when the teacher is consistent", () => {
    const cal = fitTeacherCalibration(points(40, (g) => 25 + 1.5 * (g - 25)));
    expect(cal.apply({ grading: 32, linear: 32 }) - cal.apply({ grading: 18, linear: 18 })).toBeGreaterThan(18);
  });
});

describe("ContentKernel", () => {
  const volcano = [
    "The volcano erupted and lava flowed down the mountain towards the village.",
    "Lava from the erupting volcano covered the mountain road near the village.",
    "Ash from the volcano fell on the village after the mountain erupted.",
    "The mountain volcano sent lava and ash over the village fields.",
  ];
  const garden = [
    "My grandmother plants tomatoes and roses in her garden every spring.",
    "In spring the garden is full of roses, tomatoes and green beans.",
    "Grandmother waters the roses in the garden while the tomatoes grow.",
    "We picked tomatoes in the garden and cut roses for the table.",
  ];
  const kernel = new ContentKernel([
    ...volcano.map((text) => ({ text, target: 5 })),
    ...garden.map((text) => ({ text, target: -5 })),
  ]);

  it("predicts the target of the essays a new text resembles", () => {
    expect(kernel.predict("Hot lava from the volcano reached the village below the mountain.")).toBeGreaterThan(0);
    expect(kernel.predict("The roses and tomatoes in the garden need water in spring.")).toBeLessThan(0);
  });

  it("gives leave-one-out estimates for the reference essays", () => {
    expect(kernel.loo).toHaveLength(8);
    for (let i = 0; i < 4; i++) expect(kernel.loo[i]!).toBeGreaterThan(0);
    for (let i = 4; i < 8; i++) expect(kernel.loo[i]!).toBeLessThan(0);
  });
});
