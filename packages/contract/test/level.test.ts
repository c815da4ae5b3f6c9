import { describe, expect, it } from "vitest";
import { defaultGenre, levelTargetLength, recogniseGenre, SCHOOL_YEARS, stageOf, ZSchoolYear } from "../src/index.ts";

describe("levelTargetLength", () => {
  it("follows the curriculum's lengths per school year", () => {
    expect(levelTargetLength("zh", 3)).toBe(250);
    expect(levelTargetLength("zh", 5)).toBe(400);
    expect(levelTargetLength("zh", 8)).toBe(550);
    expect(levelTargetLength("zh", 12)).toBe(800);
    expect(levelTargetLength("en", 8)).toBe(310);
  });

  it("grows with the school year in both languages", () => {
    for (const lang of ["zh", "en"] as const) {
      const lengths = SCHOOL_YEARS.map((y) => levelTargetLength(lang, y));
      for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThanOrEqual(lengths[i - 1]!);
    }
  });

  it("asks less of a notice, a letter and a short answer to a reading than of an essay", () => {
    expect(levelTargetLength("zh", 6, "notice")).toBeLessThan(levelTargetLength("zh", 6, "letter"));
    expect(levelTargetLength("zh", 6, "letter")).toBeLessThan(levelTargetLength("zh", 6, "narrative"));
    expect(levelTargetLength("en", 10, "expository", true)).toBe(110);
  });
});

describe("recogniseGenre", () => {
  it("reads the genre an instruction names, in English and Chinese", () => {
    expect(recogniseGenre("Write a news report for the school newspaper about a recent campus event.")).toBe("news");
    expect(recogniseGenre("校园新闻报道：写一篇约500字的新闻报道。")).toBe("news");
    expect(recogniseGenre("Write a letter to your local newspaper stating your opinion. Persuade the readers.")).toBe(
      "argumentative",
    );
    expect(recogniseGenre("给远方的朋友写一封信，介绍你的家乡。")).toBe("letter");
    expect(recogniseGenre("请写一则通知，告诉同学们运动会的安排。")).toBe("notice");
    expect(recogniseGenre("Write a story about a time when you were patient.")).toBe("narrative");
    expect(recogniseGenre("以“我观察到的蜗牛”为题，写一篇观察日记。")).toBe("descriptive");
    expect(recogniseGenre("Explain how the features of the setting affect the cyclist.")).toBe("expository");
  });

  it("does not read a genre into a bare title", () => {
    expect(recogniseGenre("三位王子")).toBeUndefined();
    expect(recogniseGenre("坚定自己的信念")).toBeUndefined();
    expect(recogniseGenre("你也是一道风景")).toBeUndefined();
  });
});

describe("levels", () => {
  it("groups the years into the curriculum's stages", () => {
    expect(stageOf(1)).toBe("lower_primary");
    expect(stageOf(3)).toBe("middle_primary");
    expect(stageOf(6)).toBe("upper_primary");
    expect(stageOf(9)).toBe("junior");
    expect(stageOf(10)).toBe("senior");
  });

  it("assumes a narrative below senior high and an argument for Chinese senior high", () => {
    expect(defaultGenre(3, "zh")).toBe("narrative");
    expect(defaultGenre(11, "zh")).toBe("argumentative");
    expect(defaultGenre(11, "en")).toBe("narrative");
  });

  it("accepts school years 1–12 only", () => {
    expect(ZSchoolYear.safeParse(3).success).toBe(true);
    expect(ZSchoolYear.safeParse(0).success).toBe(false);
    expect(ZSchoolYear.safeParse(13).success).toBe(false);
    expect(ZSchoolYear.safeParse(3.5).success).toBe(false);
  });
});
