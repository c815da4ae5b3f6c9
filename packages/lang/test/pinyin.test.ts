import { describe, expect, it } from "vitest";
import {
  charactersFor,
  detectScript,
  findPinyinRuns,
  rankPinyin,
  splitSyllables,
  toSimplified,
  toTraditional,
} from "../src/index.ts";

const best = (text: string) => findPinyinRuns(text).map((r) => [r.raw, r.candidates[0]?.text]);

describe("pinyin in context", () => {
  it("reads the pinyin by the words it forms with its neighbours", () => {
    expect(rankPinyin("", ["li"], "害").candidates[0]?.text).toBe("厉");
    expect(rankPinyin("", ["diao"], "鱼").candidates[0]?.text).toBe("钓");
    expect(rankPinyin("", ["hai"], "是").candidates[0]?.text).toBe("还");
    expect(rankPinyin("有一", ["ben"], "书").candidates[0]?.text).toBe("本");
  });

  it("finds pinyin runs that touch Chinese characters, and leaves English words and acronyms alone", () => {
    const text = "我们去河边diao鱼，小明hai是很开心。啄木鸟不仅抓虫子li害。我喜欢NBA和English。";
    expect(best(text)).toEqual([
      ["diao", "钓"],
      ["hai", "还"],
      ["li", "厉"],
    ]);
  });

  it("suggests common characters of the text's own script only", () => {
    for (const syl of ["hai", "ben", "zhen", "chan", "wei", "you"]) {
      for (const c of charactersFor(syl)) expect(toSimplified(c)).toBe(c);
    }
    expect(charactersFor("you")).not.toContain("伖");
    expect(charactersFor("wei")).not.toContain("餵");
    expect(charactersFor("ben")).not.toContain("倴");
    // numerals are characters a child who writes pinyin already knows
    expect(charactersFor("san")).not.toContain("三");
  });

  it("answers Traditional text in Traditional characters", () => {
    const text = "我們去河邊diao魚，他hai是很開心。";
    expect(detectScript(text)).toBe("Hant");
    const runs = findPinyinRuns(text);
    expect(runs.map((r) => r.candidates[0]?.text)).toEqual(["釣", "還"]);
    expect(toTraditional("还是")).toBe("還是");
  });

  it("keeps the runner-up close when the context cannot tell", () => {
    // 毛, 帽, 猫: "I have a mao" says nothing about which
    const [unclear] = findPinyinRuns("我有一个mao。");
    expect(unclear?.syllables).toEqual(["mao"]);
    expect(unclear!.margin).toBeLessThan(1);
    const [clear] = findPinyinRuns("他很gao兴。");
    expect(clear?.candidates[0]?.text).toBe("高");
    expect(clear!.margin).toBeGreaterThan(3);
  });

  it("splits a run into the fewest syllables", () => {
    expect(splitSyllables("xian")).toEqual(["xian"]);
    expect(splitSyllables("pingguo")).toEqual(["ping", "guo"]);
    expect(splitSyllables("hello")).toBeNull();
  });
});
