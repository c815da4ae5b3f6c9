import { stageOf, type TGenre, type TSchoolYear } from "@essay/contract";
import type { Analysis } from "../features.ts";
import { truncate } from "../text.ts";
import type { Localized } from "../types.ts";
import type { L } from "./types.ts";

/** A passage of the essay quoted in the feedback language's quotation marks. */
export const q = (s: string, lang: L, n = 50) => (lang === "en" ? `"${truncate(s, n)}"` : `“${truncate(s, n)}”`);
/** A word or phrase of the essay, quoted the way the feedback language quotes. */
export const word = (x: string, lang: L) => (lang === "en" ? `'${x}'` : lang === "zh-TW" ? `「${x}」` : `“${x}”`);
export const list = (xs: string[], lang: L) => xs.map((x) => word(x, lang)).join(lang === "en" ? ", " : "、");

/** What the essay's length is counted in: English words, Chinese characters (whatever the feedback language). */
export function unit(a: Analysis, lang: L): string {
  if (a.language === "en") return lang === "en" ? "words" : lang === "zh-TW" ? "詞" : "词";
  return lang === "en" ? "characters" : "字";
}

/** The same sentence in the three feedback languages. */
export const say = (en: string, zhCN: string, zhTW: string): Localized => ({ en, "zh-CN": zhCN, "zh-TW": zhTW });

const ZH_YEARS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** "Grade 3" / "三年级" / "三年級"; senior high as 高一…高三. */
export function levelName(year: TSchoolYear): Localized {
  if (year >= 10) {
    const n = ZH_YEARS[year - 10]!;
    return say(`Grade ${year}`, `高${n}`, `高${n}`);
  }
  const n = ZH_YEARS[year - 1]!;
  return say(`Grade ${year}`, `${n}年级`, `${n}年級`);
}

export const GENRE_NAMES: Record<TGenre, Localized> = {
  narrative: say("narrative", "记叙文", "記敘文"),
  descriptive: say("descriptive piece", "写景状物的文章", "寫景狀物的文章"),
  expository: say("expository piece", "说明文", "說明文"),
  argumentative: say("argumentative essay", "议论文", "議論文"),
  letter: say("letter", "书信", "書信"),
  notice: say("notice", "通知", "通知"),
  news: say("news report", "新闻报道", "新聞報導"),
};

/** Whether the writers are in primary school (so advice speaks of 开头/经过/结尾 and 好词, not theses). */
export function isPrimary(a: Analysis): boolean {
  return a.year !== undefined && a.year <= 6;
}

export function isLowerPrimary(a: Analysis): boolean {
  return a.year !== undefined && stageOf(a.year) === "lower_primary";
}

/** Story-like genres: told in order (sequence words), not argued (logical connectors). */
export function isStory(a: Analysis): boolean {
  return a.genre === "narrative" || a.genre === "descriptive";
}
