import { jiebaLexicon } from "./lexicon.ts";

/** A word the model may use at a position, or reject (e.g. a polyphonic character read the wrong way there). */
export type WordFilter = (word: string, start: number) => boolean | number;

/**
 * Log-probability of the best segmentation of a run of Han characters under a word unigram model (jieba's word
 * frequencies; an unknown character counts as a word seen once), as jieba's own segmenter scores its paths. A
 * character that forms a frequent word with its neighbours (钓 in 钓鱼) scores far above a same-sounding one that
 * stands alone (调 鱼), which is the context evidence a character model gives.
 */
export function segmentLogProb(text: string, accept?: WordFilter, phraseFloor = 0): number {
  const { words, total, maxLength } = jiebaLexicon();
  const logTotal = Math.log(total);
  const n = text.length;
  const best = new Array<number>(n + 1).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  for (let i = 0; i < n; i++) {
    const base = best[i]!;
    if (base === Number.NEGATIVE_INFINITY) continue;
    for (let len = 1; len <= Math.min(maxLength, n - i); len++) {
      const w = text.slice(i, i + len);
      const f = words.get(w)?.freq ?? 0;
      const freq = len === 1 ? Math.max(1, f) : f > 0 ? Math.max(f, phraseFloor) : 0;
      if (freq <= 0) continue;
      const ok = accept ? accept(w, i) : true;
      if (ok === false) continue;
      const weight = typeof ok === "number" ? ok : 1;
      const v = base + weight * (Math.log(freq) - logTotal);
      if (v > best[i + len]!) best[i + len] = v;
    }
  }
  return best[n]!;
}
