import { jiebaLexicon } from "./lexicon.ts";

interface Counts {
  uni: Map<string, number>;
  bi: Map<string, number>;
  total: number;
}

let counts: Counts | undefined;

/** Character and adjacent-pair counts inside jieba's words, each word weighted by its frequency (at least `floor`). */
function charCounts(floor: number): Counts {
  if (counts) return counts;
  const uni = new Map<string, number>();
  const bi = new Map<string, number>();
  let total = 0;
  for (const [w, e] of jiebaLexicon().words) {
    const f = Math.max(e.freq, floor);
    for (let i = 0; i < w.length; i++) {
      const c = w[i]!;
      uni.set(c, (uni.get(c) ?? 0) + f);
      total += f;
      if (i > 0) {
        const k = w.slice(i - 1, i + 1);
        bi.set(k, (bi.get(k) ?? 0) + f);
      }
    }
  }
  counts = { uni, bi, total };
  return counts;
}

/**
 * How much more likely `b` is after `a` than on its own, log P(b | a) − log P(b), from the character pairs inside
 * jieba's words (interpolated towards the unigram with weight 50, clipped to [−2, 3]) — the character bigram the OCR
 * engine's language model uses too. It reaches across word boundaries where the word model cannot (摸 before 它).
 */
export function charAssociation(a: string, b: string, floor = 100): number {
  const { uni, bi, total } = charCounts(floor);
  const pu = ((uni.get(b) ?? 0) + 0.5) / (total + 1);
  const k = 50;
  const pb = ((bi.get(a + b) ?? 0) + k * pu) / ((uni.get(a) ?? 0) + k);
  return Math.max(-2, Math.min(3, Math.log(pb) - Math.log(pu)));
}
