/**
 * What a primary-school teacher rewards in a story or a description beyond its length and its errors (第二学段 of the
 * 义务教育语文课程标准: "写下见闻、感受和想象", "学习使用冒号、引号"; the usual 评语 of a grade-3 习作: 有人物的语言、写出了
 * 感受、用上了比喻、用词生动、有头有尾). Each element is present or not; the count is what the primary level's
 * craft adjustment reads (adjustments.ts) and what the feedback rules speak of, so the two agree.
 */

/** Speech or thought put down as it was said: quoted, or after 说：/想：. */
const DIALOGUE =
  /(?:[说說想问問喊叫道][:：]\s*)?(?:“[^”]{2,}”|「[^」]{2,}」|"[^"\n]{2,}")|[说說想问問喊叫道][:：]\s*[^“"「\s][^。！？!?\n]+/g;

/** Feelings and what the writer came to understand. */
export const ZH_FEELINGS =
  /心想|感到|觉得|覺得|高兴|高興|开心|開心|快乐|快樂|难过|難過|伤心|傷心|害怕|吓[得了坏一]|嚇[得了壞一]|激动|激動|紧张|緊張|着急|著急|惊慌|驚慌|惭愧|慚愧|生气|生氣|喜欢|喜歡|爱[上护吃看玩]?|愛|幸福|兴奋|興奮|感动|感動|舍不得|捨不得|后悔|後悔|担心|擔心|明白了|懂得了|学会了|學會了/g;

/** A comparison: 像……一样 / 像一只… / 好像 / 仿佛 …. */
export const ZH_FIGURES =
  /像[^，。！？,!?]{1,12}(一样|一樣|似的)|像一[只个個朵片条條颗顆座块塊根把张張位]|好像|仿佛|彷彿|如同|宛如|犹如|猶如/g;

/** Kin terms and everyday doubled words that are not a vivid reduplication. */
const PLAIN_DOUBLES = new Set("妈爸哥姐弟妹爷奶婆公宝星常天人刚渐谢看试想个家年".split(""));

/** Characters of a quality that a doubled ending or an ABAB doubling makes vivid (黑溜溜, 金黄金黄, 雪白雪白). */
const QUALITY = /[黑白红紅绿綠蓝藍黄黃亮香甜胖圆圓软軟湿濕暖凉涼热熱冷光金毛静靜乱亂笑气氣傻水喜雪通碧冰]/;

/** Vivid doubled words: AABB (认认真真), ABAB (金黄金黄), ABB (黑溜溜, 金灿灿), AA的/AA地 (大大的, 慢慢地). */
export function vividDoubles(text: string): string[] {
  const out: string[] = [];
  const han = /\p{Script=Han}/u;
  const ch = [...text];
  for (let i = 0; i + 2 < ch.length; i++) {
    const [a, b, c, d, e] = [ch[i]!, ch[i + 1]!, ch[i + 2]!, ch[i + 3], ch[i + 4]];
    if (![a, b, c].every((x) => han.test(x))) continue;
    if (a === b && d !== undefined && c === d && a !== c && !PLAIN_DOUBLES.has(a) && !PLAIN_DOUBLES.has(c)) {
      out.push(a + b + c + d);
      i += 3;
    } else if (d !== undefined && a === c && b === d && a !== b && QUALITY.test(a)) {
      out.push(a + b + c + d);
      i += 3;
    } else if (a !== b && b === c && !PLAIN_DOUBLES.has(b) && e !== b) {
      // ABB: a quality and its doubled ending (黑溜溜, 亮晶晶); not "我妈妈"
      if (QUALITY.test(a) && (d === undefined || d !== c)) {
        out.push(a + b + c);
        i += 2;
      }
    } else if (a === b && /[的地]/.test(c) && !PLAIN_DOUBLES.has(a)) {
      out.push(a + b + c);
      i += 2;
    }
  }
  return out;
}

/** An ending that says how it turned out or what the writer feels or thinks of it (有头有尾). */
const ZH_ENDING =
  /喜欢|喜歡|爱|愛|真[美好是可有]|多么|多麼|希望|值得|终于|終於|从此|從此|以后|以後|难忘|難忘|快乐|快樂|幸福|开心|開心|高兴|高興|可爱|可愛|明白|懂得|学会|學會|[吧吗呢嗎][？?]|[！!]/;

export interface Craft {
  dialogue: string[];
  feelings: string[];
  figures: string[];
  vivid: string[];
  /** Whether the last sentence closes the piece (an outcome, a feeling, a wish, an exclamation). */
  ending: boolean;
  /** How many of the five elements the text shows. */
  count: number;
}

/** The craft elements of a Chinese text (its sentences in order, for the ending). */
export function zhCraft(text: string, sentences: string[]): Craft {
  const distinct = (xs: string[]) => [...new Set(xs)];
  const dialogue = text.match(DIALOGUE) ?? [];
  const feelings = distinct(text.match(ZH_FEELINGS) ?? []);
  const figures = text.match(ZH_FIGURES) ?? [];
  const vivid = distinct(vividDoubles(text));
  const last = sentences.filter((s) => /\p{Script=Han}/u.test(s)).at(-1) ?? "";
  const ending = sentences.length >= 3 && ZH_ENDING.test(last);
  const count =
    (dialogue.length > 0 ? 1 : 0) +
    (feelings.length > 0 ? 1 : 0) +
    (figures.length > 0 ? 1 : 0) +
    (vivid.length > 0 ? 1 : 0) +
    (ending ? 1 : 0);
  return { dialogue, feelings, figures, vivid, ending, count };
}
