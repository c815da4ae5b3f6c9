import jiebaDict from "@node-rs/jieba/dict.js";

export interface LexEntry {
  freq: number;
  pos: string;
}

export interface Lexicon {
  words: Map<string, LexEntry>;
  /** Sum of all word frequencies (the denominator of the word unigram model). */
  total: number;
  /** Occurrences of each Han character summed over the words that contain it, weighted by the word's frequency. */
  charFreq: Map<string, number>;
  /** Longest word, in UTF-16 units. */
  maxLength: number;
}

const HAN = /^\p{Script=Han}$/u;

let lexicon: Lexicon | undefined;

/**
 * Chinese word frequencies and part-of-speech tags from jieba's dictionary (@node-rs/jieba/dict: ~349k words,
 * "word freq pos" per line; pos "i" = idiom), loaded once. Only the data file is read; jieba's native segmenter is
 * not used. The dictionary is in Simplified Chinese.
 */
export function jiebaLexicon(): Lexicon {
  if (lexicon) return lexicon;
  const raw = Buffer.from(jiebaDict.dict).toString("utf8");
  const words = new Map<string, LexEntry>();
  const charFreq = new Map<string, number>();
  let total = 0;
  let maxLength = 1;
  let start = 0;
  while (start < raw.length) {
    let end = raw.indexOf("\n", start);
    if (end < 0) end = raw.length;
    const line = raw.slice(start, end);
    start = end + 1;
    const a = line.indexOf(" ");
    const b = line.indexOf(" ", a + 1);
    if (a <= 0) continue;
    const word = line.slice(0, a);
    const freq = Number(line.slice(a + 1, b < 0 ? undefined : b));
    if (!Number.isFinite(freq) || freq <= 0) continue;
    words.set(word, { freq, pos: b < 0 ? "" : line.slice(b + 1).trim() });
    total += freq;
    if (word.length > maxLength) maxLength = word.length;
    for (const c of word) if (HAN.test(c)) charFreq.set(c, (charFreq.get(c) ?? 0) + freq);
  }
  lexicon = { words, total, charFreq, maxLength };
  return lexicon;
}

/** Frequency rank of a Han character (1 = most frequent), by its summed word frequency; Infinity when unseen. */
export function charRank(c: string): number {
  if (!ranks) {
    const sorted = [...jiebaLexicon().charFreq.entries()].sort((x, y) => y[1] - x[1]);
    ranks = new Map(sorted.map(([ch], i) => [ch, i + 1]));
  }
  return ranks.get(c) ?? Number.POSITIVE_INFINITY;
}
let ranks: Map<string, number> | undefined;
