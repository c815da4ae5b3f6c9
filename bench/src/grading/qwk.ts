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
