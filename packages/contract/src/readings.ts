// Per-character recogniser evidence carried over a teacher's edits: plain code the web and the server share.

/**
 * Below this confidence a recognised character is doubtful: the editor marks it and the correction engine takes a
 * suggestion on it for an OCR slip. The OCR engine's own DOUBTFUL_BELOW is 0.9 (bench:ocr: 11.7% of characters
 * marked, 65.7% of misreadings among them); at 0.8 here bench:correction, which aligns differently, marks 13.4% with
 * 55.9% of misreadings. The two benches are not reconciled yet: keep the editor at the figure its bench measured.
 */
export const DOUBTFUL_BELOW = 0.8;

/** A span of a text with the recogniser's confidence (0..1) in it; anything else it carries moves with it. */
export interface SpanReading {
  offset: number;
  length: number;
  confidence: number;
}

/**
 * Carry evidence over a teacher's edits: the evidence of every character left as it was (in a stretch of at least
 * three left as they were) moves with it; characters typed or replaced have none (the teacher read them). Myers' diff over UTF-16 units, O((n + m) · d).
 */
export function carryReadings<R extends SpanReading>(from: string, to: string, readings: readonly R[]): R[] {
  if (readings.length === 0) return [];
  if (from === to) return [...readings];
  const map = unchangedMap(from, to);
  const out: R[] = [];
  for (const r of readings) {
    const start = map[r.offset];
    if (start === undefined || start < 0) continue;
    let ok = true;
    for (let k = 1; k < r.length; k++) if (map[r.offset + k] !== start + k) ok = false;
    if (ok) out.push({ ...r, offset: start });
  }
  return out;
}

/** Shortest run of characters the diff keeps together that counts as left as it was (inside the changed stretch). */
const MIN_KEPT_RUN = 3;

/**
 * For each position of `a`, its position in `b` when the character is kept by the shortest edit script in a run of
 * at least MIN_KEPT_RUN (or in the common prefix or suffix), else −1.
 */
function unchangedMap(a: string, b: string): number[] {
  const map = new Array<number>(a.length).fill(-1);
  // common prefix and suffix first: edits are usually local
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) {
    map[p] = p;
    p++;
  }
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) {
    map[a.length - 1 - s] = b.length - 1 - s;
    s++;
  }
  const x = a.slice(p, a.length - s);
  const y = b.slice(p, b.length - s);
  for (const [i, j] of myersKept(x, y)) map[p + i] = p + j;
  // characters kept in a run of one or two between retyped ones are coincidences of the diff (letters the teacher
  // happened to type again where they rewrote a line), not the recogniser's reading left in place; the common prefix
  // and suffix, and longer runs, were left as they were
  const kept = map.slice();
  let i = p;
  while (i < a.length - s) {
    const at = kept[i] ?? -1;
    if (at < 0) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < a.length && kept[end] === at + (end - i)) end++;
    let start = i;
    while (start > 0 && kept[start - 1] === at - (i - start + 1)) start--;
    if (end - start < MIN_KEPT_RUN) for (let k = i; k < end; k++) map[k] = -1;
    i = end;
  }
  return map;
}

/** Pairs (i, j) of characters x[i] === y[j] kept by a shortest edit script (Myers 1986, with the trace kept). */
function myersKept(x: string, y: string): [number, number][] {
  const n = x.length;
  const m = y.length;
  if (n === 0 || m === 0) return [];
  const max = n + m;
  const off = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let i = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) {
        i++;
        j++;
      }
      v[off + k] = i;
      if (i >= n && j >= m) {
        found = true;
        break;
      }
    }
    if (found) {
      trace.push(v.slice());
      break;
    }
  }
  // walk the trace back from (n, m)
  const kept: [number, number][] = [];
  let i = n;
  let j = m;
  for (let d = trace.length - 2; d >= 0; d--) {
    const vd = trace[d]!;
    const k = i - j;
    const prevK = k === -d || (k !== d && vd[off + k - 1]! < vd[off + k + 1]!) ? k + 1 : k - 1;
    const prevI = vd[off + prevK]!;
    const prevJ = prevI - prevK;
    while (i > prevI && j > prevJ) {
      i--;
      j--;
      kept.push([i, j]);
    }
    if (d === 0) break;
    i = prevI;
    j = prevJ;
  }
  return kept;
}
