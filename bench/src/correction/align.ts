/** Character alignment of a recognised text with its transcription, for the correction benchmark. */

export interface Aligned {
  /** For each code unit of the hypothesis: whether it is part of a recognition error (substituted or inserted). */
  wrong: boolean[];
  /** Recognition errors: substitutions + insertions + deletions. */
  errors: number;
}

const SKIP = /\s/u;

/**
 * Levenshtein alignment over the non-space characters of both texts (the engine's line breaks and the
 * transcription's layout are not errors). Returns which hypothesis characters are wrong.
 */
export function align(hyp: string, ref: string): Aligned {
  const hi: number[] = [];
  for (let i = 0; i < hyp.length; i++) if (!SKIP.test(hyp[i]!)) hi.push(i);
  const r = [...ref].filter((c) => !SKIP.test(c));
  const n = hi.length;
  const m = r.length;
  const d = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = 0; i <= n; i++) d[at(i, 0)] = i;
  for (let j = 0; j <= m; j++) d[at(0, j)] = j;
  for (let i = 1; i <= n; i++) {
    const hc = hyp[hi[i - 1]!];
    for (let j = 1; j <= m; j++) {
      const sub = d[at(i - 1, j - 1)]! + (hc === r[j - 1] ? 0 : 1);
      d[at(i, j)] = Math.min(sub, d[at(i - 1, j)]! + 1, d[at(i, j - 1)]! + 1);
    }
  }
  const wrong = new Array<boolean>(hyp.length).fill(false);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[at(i, j)] === d[at(i - 1, j - 1)]! + (hyp[hi[i - 1]!] === r[j - 1] ? 0 : 1)) {
      if (hyp[hi[i - 1]!] !== r[j - 1]) wrong[hi[i - 1]!] = true;
      i--;
      j--;
    } else if (i > 0 && d[at(i, j)] === d[at(i - 1, j)]! + 1) {
      wrong[hi[i - 1]!] = true;
      i--;
    } else {
      j--;
    }
  }
  return { wrong, errors: d[at(n, m)]! };
}

/** Edit distance over the non-space characters of both texts. */
export function distance(a: string, b: string): number {
  const x = [...a].filter((c) => !SKIP.test(c));
  const y = [...b].filter((c) => !SKIP.test(c));
  let prev = Array.from({ length: y.length + 1 }, (_, k) => k);
  let cur = new Array<number>(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    for (let k = 1; k <= y.length; k++) {
      cur[k] = Math.min(prev[k - 1]! + (x[i - 1] === y[k - 1] ? 0 : 1), prev[k]! + 1, cur[k - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[y.length]!;
}
