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

/** Reference set of essays: tf-idf vectors of their content words (idf over the set) and cosine similarities. */
export class ContentReference {
  private readonly vecs: { v: Map<string, number>; norm: number }[];
  private readonly idf: Map<string, number>;

  constructor(texts: string[]) {
    const bags = texts.map((t) => bagOf(t));
    const df = new Map<string, number>();
    for (const b of bags) for (const k of b.keys()) df.set(k, (df.get(k) ?? 0) + 1);
    const n = texts.length;
    this.idf = new Map([...df].map(([k, d]) => [k, Math.log((1 + n) / (1 + d)) + 1]));
    this.vecs = bags.map((b) => this.vectorize(b));
  }

  get size(): number {
    return this.vecs.length;
  }

  private vectorize(b: Bag) {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [k, c] of b) {
      const w = (1 + Math.log(c)) * (this.idf.get(k) ?? 0);
      if (w <= 0) continue;
      v.set(k, w);
      norm += w * w;
    }
    return { v, norm: Math.sqrt(norm) };
  }

  /** Cosine similarity of a text to each reference essay. */
  similarities(text: string | Bag): number[] {
    return this.similaritiesTo(this.vectorize(typeof text === "string" ? bagOf(text) : text));
  }

  /** Cosine similarity of reference essay i to each reference essay (its vector is already built). */
  similaritiesOf(i: number): number[] {
    return this.similaritiesTo(this.vecs[i]!);
  }

  private similaritiesTo(q: { v: Map<string, number>; norm: number }): number[] {
    return this.vecs.map((r) => {
      if (q.norm === 0 || r.norm === 0) return 0;
      let dot = 0;
      for (const [key, w] of q.v) {
        const x = r.v.get(key);
        if (x) dot += w * x;
      }
      return dot / (q.norm * r.norm);
    });
  }
}

/** Ridge penalty of the content kernel (in units of the kernel's diagonal, 1). */
export const KERNEL_RIDGE = 3;

/**
 * Kernel ridge regression over the teacher-scored essays of an assignment, with the cosine similarity of their
 * content words (tf-idf over those essays) as the kernel: predicts a target (e.g. how far the teacher's score is
 * from the model's) for a new essay from the essays it resembles. `loo` holds the leave-one-out predictions for
 * the reference essays themselves (closed form through the hat matrix).
 */
export class ContentKernel {
  private readonly ref: ContentReference;
  private readonly alpha: number[];
  private readonly offset: number;
  readonly loo: number[];

  constructor(items: { text: string; target: number }[], lambda = KERNEL_RIDGE) {
    const n = items.length;
    this.ref = new ContentReference(items.map((i) => i.text));
    this.offset = n > 0 ? items.reduce((a, i) => a + i.target, 0) / n : 0;
    const y = items.map((i) => i.target - this.offset);
    // A = S + λI, with the self-similarity set to 1
    const A = items.map((_, i) => {
      const row = this.ref.similaritiesOf(i);
      row[i] = 1 + lambda;
      return row;
    });
    const inv = invert(A);
    this.alpha = inv.map((row) => row.reduce((a, v, j) => a + v * y[j]!, 0));
    // hat matrix H = S (S + λI)^-1 = I − λ(S + λI)^-1: fitted = y − λα, H_ii = 1 − λ inv_ii
    this.loo = y.map((yi, i) => {
      const h = 1 - lambda * inv[i]![i]!;
      const fitted = yi - lambda * this.alpha[i]!;
      return this.offset + (h < 1 - 1e-9 ? (fitted - h * yi) / (1 - h) : 0);
    });
  }

  predict(text: string | Bag): number {
    const s = this.ref.similarities(text);
    return this.offset + s.reduce((a, v, j) => a + v * this.alpha[j]!, 0);
  }
}

/** Inverse of a symmetric positive definite matrix (Gauss–Jordan with partial pivoting). */
function invert(A: number[][]): number[][] {
  const n = A.length;
  const M = A.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    const piv = M[c]![c]!;
    for (let k = 0; k < 2 * n; k++) M[c]![k]! /= piv;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]!;
      if (f === 0) continue;
      for (let k = 0; k < 2 * n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row) => row.slice(n));
}
