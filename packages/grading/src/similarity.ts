import { EN_STOP, stem } from "./features.ts";
import { chineseWords, detectLanguage, englishTokens } from "./text.ts";

export type Bag = Map<string, number>;

/** Bag of content-word stems (English) or multi-character words (Chinese). */
export function bagOf(text: string): Bag {
  const bag: Bag = new Map();
  if (detectLanguage(text) === "zh") {
    for (const w of chineseWords(text)) {
      if ([...w.text].length < 2) continue;
      bag.set(w.text, (bag.get(w.text) ?? 0) + 1);
    }
  } else {
    for (const t of englishTokens(text)) {
      if (t.text.startsWith("@") || EN_STOP.has(t.lower) || t.lower.length < 3) continue;
      const s = stem(t.lower);
      bag.set(s, (bag.get(s) ?? 0) + 1);
    }
  }
  return bag;
}

/** Reference set of teacher-scored essays: predicts a score from content similarity (k nearest neighbours). */
export class ContentReference {
  private readonly vecs: { v: Map<string, number>; norm: number; score: number }[];
  private readonly idf: Map<string, number>;

  constructor(items: { text: string; score: number }[]) {
    const bags = items.map((i) => bagOf(i.text));
    const df = new Map<string, number>();
    for (const b of bags) for (const k of b.keys()) df.set(k, (df.get(k) ?? 0) + 1);
    const n = items.length;
    this.idf = new Map([...df].map(([k, d]) => [k, Math.log((1 + n) / (1 + d)) + 1]));
    this.vecs = bags.map((b, i) => this.vectorize(b, items[i]!.score));
  }

  get size(): number {
    return this.vecs.length;
  }

  private vectorize(b: Bag, score: number) {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [k, c] of b) {
      const w = (1 + Math.log(c)) * (this.idf.get(k) ?? 0);
      if (w <= 0) continue;
      v.set(k, w);
      norm += w * w;
    }
    return { v, norm: Math.sqrt(norm), score };
  }

  /** Similarity-weighted mean score of the k most similar reference essays (excluding index `skip`). */
  predict(text: string | Bag, k = 7, skip = -1): number | null {
    const q = this.vectorize(typeof text === "string" ? bagOf(text) : text, 0);
    if (q.norm === 0) return null;
    const sims: { s: number; score: number }[] = [];
    this.vecs.forEach((r, i) => {
      if (i === skip || r.norm === 0) return;
      let dot = 0;
      for (const [key, w] of q.v) {
        const x = r.v.get(key);
        if (x) dot += w * x;
      }
      sims.push({ s: dot / (q.norm * r.norm), score: r.score });
    });
    if (sims.length === 0) return null;
    sims.sort((a, b) => b.s - a.s);
    const top = sims.slice(0, k);
    const wsum = top.reduce((a, t) => a + t.s, 0);
    if (wsum <= 0) return null;
    return top.reduce((a, t) => a + t.s * t.score, 0) / wsum;
  }
}
