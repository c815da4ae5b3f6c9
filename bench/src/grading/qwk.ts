/** Quadratic weighted kappa between two integer ratings on [min, max]. */
export function qwk(a: number[], b: number[], min: number, max: number): number {
  const k = max - min + 1;
  const n = a.length;
  if (n === 0) return Number.NaN;
  const O = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const ha = new Array<number>(k).fill(0);
  const hb = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) {
    const x = a[i]! - min;
    const y = b[i]! - min;
    O[x]![y]!++;
    ha[x]!++;
    hb[y]!++;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = ((i - j) * (i - j)) / ((k - 1) * (k - 1));
      num += w * O[i]![j]!;
      den += (w * ha[i]! * hb[j]!) / n;
    }
  }
  return den === 0 ? 0 : 1 - num / den;
}

/** Average ranks (1-based) of xs, ties sharing the mean of their positions. */
export function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.x === order[i]!.x) j++;
    for (let k = i; k <= j; k++) out[order[k]!.i] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Pearson correlation (0 when either side has no spread). */
export function pearson(a: number[], b: number[]): number {
  const n = a.length;
  if (n === 0) return Number.NaN;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let c = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    c += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return va === 0 || vb === 0 ? 0 : c / Math.sqrt(va * vb);
}

/** Spearman's rank correlation (Pearson on average ranks). */
export function spearman(a: number[], b: number[]): number {
  return pearson(ranks(a), ranks(b));
}
