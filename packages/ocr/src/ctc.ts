/** CTC decoding of the recogniser output (softmax probabilities, shape [T, C], class 0 = blank). */

export interface Decoded {
  text: string;
  /** Mean probability of the emitted characters (0 when empty). */
  confidence: number;
  /** Time step at which each emitted character peaked (for splitting lines). */
  steps: number[];
}

export function greedyDecode(probs: Float32Array, T: number, C: number, dict: string[]): Decoded {
  let text = "";
  let sum = 0;
  const steps: number[] = [];
  let prev = -1;
  for (let t = 0; t < T; t++) {
    const row = t * C;
    let best = 0;
    let bestP = probs[row]!;
    for (let c = 1; c < C; c++) {
      const p = probs[row + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) {
      text += dict[best - 1] ?? "";
      sum += bestP;
      steps.push(t);
    }
    prev = best;
  }
  return { text, confidence: steps.length ? sum / steps.length : 0, steps };
}

/** Character language model: log P(next | previous characters). */
export interface CharLm {
  score(prev: string, next: string): number;
}

interface Beam {
  pb: number; // log prob ending in blank
  pnb: number; // log prob ending in non-blank
  lm: number; // accumulated LM log score
  last: number;
  steps: number[]; // time step of each emitted character
}

function lse(a: number, b: number): number {
  if (a === Number.NEGATIVE_INFINITY) return b;
  if (b === Number.NEGATIVE_INFINITY) return a;
  const m = Math.max(a, b);
  return m + Math.log(Math.exp(a - m) + Math.exp(b - m));
}

/**
 * CTC prefix beam search. Only the top `topK` classes per step (with p > `minP`) are expanded.
 * With an LM the beam score is acoustic + lmWeight * LM.
 */
export function beamDecode(
  probs: Float32Array,
  T: number,
  C: number,
  dict: string[],
  opts: { beam?: number; topK?: number; minP?: number; lm?: CharLm; lmWeight?: number } = {},
): Decoded {
  const beamW = opts.beam ?? 8;
  const topK = opts.topK ?? 5;
  const minP = opts.minP ?? 1e-3;
  const lmW = opts.lmWeight ?? 0.3;
  let beams = new Map<string, Beam>([["", { pb: 0, pnb: Number.NEGATIVE_INFINITY, lm: 0, last: -1, steps: [] }]]);
  const NEG = Number.NEGATIVE_INFINITY;
  for (let t = 0; t < T; t++) {
    const row = t * C;
    const blankP = probs[row]!;
    // candidate classes
    const cands: number[] = [];
    if (blankP < 0.999) {
      for (let c = 1; c < C; c++) {
        const p = probs[row + c]!;
        if (p < minP) continue;
        if (cands.length < topK) {
          cands.push(c);
          cands.sort((a, b) => probs[row + b]! - probs[row + a]!);
        } else if (p > probs[row + cands[cands.length - 1]!]!) {
          cands[cands.length - 1] = c;
          cands.sort((a, b) => probs[row + b]! - probs[row + a]!);
        }
      }
    }
    const next = new Map<string, Beam>();
    const get = (k: string, last: number, lm: number, steps: number[]): Beam => {
      let b = next.get(k);
      if (!b) {
        b = { pb: NEG, pnb: NEG, lm, last, steps };
        next.set(k, b);
      }
      return b;
    };
    const lb = Math.log(Math.max(blankP, 1e-30));
    for (const [prefix, b] of beams) {
      const total = lse(b.pb, b.pnb);
      // blank
      const nb = get(prefix, b.last, b.lm, b.steps);
      nb.pb = lse(nb.pb, total + lb);
      for (const c of cands) {
        const lp = Math.log(probs[row + c]!);
        if (c === b.last) {
          // repeat without blank collapses
          const same = get(prefix, b.last, b.lm, b.steps);
          same.pnb = lse(same.pnb, b.pnb + lp);
          // after blank: new char
          const ch = dict[c - 1] ?? "";
          const ext = get(prefix + ch, c, b.lm + (opts.lm ? opts.lm.score(prefix, ch) : 0), [...b.steps, t]);
          ext.pnb = lse(ext.pnb, b.pb + lp);
        } else {
          const ch = dict[c - 1] ?? "";
          const ext = get(prefix + ch, c, b.lm + (opts.lm ? opts.lm.score(prefix, ch) : 0), [...b.steps, t]);
          ext.pnb = lse(ext.pnb, total + lp);
        }
      }
    }
    const sorted = [...next.entries()].sort(
      (a, b) => lse(b[1].pb, b[1].pnb) + lmW * b[1].lm - (lse(a[1].pb, a[1].pnb) + lmW * a[1].lm),
    );
    beams = new Map(sorted.slice(0, beamW));
  }
  const best = [...beams.entries()][0]!;
  // confidence stays the acoustic (greedy) one, so the confidence filter behaves the same with or without LM
  const greedy = greedyDecode(probs, T, C, dict);
  return { text: best[0], confidence: greedy.confidence, steps: best[1].steps };
}
