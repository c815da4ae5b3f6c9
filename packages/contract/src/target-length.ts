/** The bounds of a target length the API accepts (words or characters). */
const MIN_TARGET = 50;
const MAX_TARGET = 5000;

const ZH_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** "五百" → 500, "八百五十" → 850, "一千二百" → 1200, "1000" → 1000; anything else → NaN. */
function number(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  let total = 0;
  let digit = 0;
  for (const ch of s) {
    const unit = ch === "千" ? 1000 : ch === "百" ? 100 : ch === "十" ? 10 : 0;
    if (ch in ZH_DIGITS) digit = ZH_DIGITS[ch]!;
    else if (unit > 0) {
      total += (digit || 1) * unit;
      digit = 0;
    } else if (ch === "零") digit = 0;
    else return Number.NaN;
  }
  return total + digit;
}

const NUM = "(?<![\\d.])(\\d{2,4}|[一二两兩三四五六七八九十百千零]{2,6})";
/** What is counted: English words, Chinese characters (字, 个字 / 個字) or words (词 / 詞). */
const UNIT = "(?:words?\\b|[个個]?字|[词詞])";

const RANGE = new RegExp(`${NUM}\\s*(?:-|–|—|~|～|to|至|到)\\s*${NUM}\\s*${UNIT}`, "i");
const SINGLE = new RegExp(`${NUM}\\s*${UNIT}`, "i");
/** "字数：八百": the count after the word for it. */
const COUNT_FIRST = new RegExp(`字[数數][^\\d一二两兩三四五六七八九十百千]{0,6}${NUM}`);

/**
 * The essay length a topic asks for, when it says so: "about 120 words", "100–120 words" (the middle),
 * "约500字", "不少于600字", "800字左右", "字数：八百". Teachers write the length into the task they set; when they
 * leave the target field at its default, the grader should still judge a 100-word English letter against 100 words,
 * not 500.
 */
export function targetLengthFromTopic(topic: string): number | undefined {
  const range = RANGE.exec(topic);
  const single = SINGLE.exec(topic) ?? COUNT_FIRST.exec(topic);
  let n: number | undefined;
  if (range) n = Math.round((number(range[1]!) + number(range[2]!)) / 2);
  else if (single) n = number(single[1]!);
  return n !== undefined && Number.isFinite(n) && n >= MIN_TARGET && n <= MAX_TARGET ? n : undefined;
}
