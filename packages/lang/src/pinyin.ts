import { pinyin, polyphonic } from "pinyin-pro";
import { charAssociation } from "./char-bigram.ts";
import { charRank, jiebaLexicon } from "./lexicon.ts";
import { charClass, slotClass } from "./pos.ts";
import { inScript } from "./script.ts";
import { segmentLogProb } from "./word-lm.ts";

const SYLLABLE =
  /^(zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(iang|iong|uang|ang|eng|ing|ong|uai|ian|iao|uan|van|ai|ei|ao|ou|an|en|er|in|un|vn|ia|ie|iu|ua|uo|ui|ue|ve|a|o|e|i|u|v)$/;

/** Tone marks and ü folded away, lower case: "Diào" → "diao", "lǜ" → "lv". */
export function toneless(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ü/g, "v")
    .toLowerCase();
}

/** Whether a toneless string is one pinyin syllable. */
export function isSyllable(s: string): boolean {
  return SYLLABLE.test(s) && (validFinals().has(s) || readingsIndex().has(s));
}

let finals: Set<string> | undefined;
function validFinals(): Set<string> {
  finals ??= new Set(["a", "o", "e", "ai", "ei", "ao", "ou", "an", "en", "ang", "eng", "er"]);
  return finals;
}

/**
 * Split a toneless Latin run into pinyin syllables (fewest syllables; "xian" is one, not xi+an), or null when it is
 * not pinyin. Only syllables that some character is read as are accepted, so English words rarely pass.
 */
export function splitSyllables(run: string): string[] | null {
  const s = toneless(run);
  if (!/^[a-z]+$/.test(s)) return null;
  const n = s.length;
  const best: (string[] | null)[] = new Array(n + 1).fill(null);
  best[0] = [];
  for (let i = 0; i < n; i++) {
    const prev = best[i];
    if (!prev) continue;
    for (let len = 1; len <= 6 && i + len <= n; len++) {
      const syl = s.slice(i, i + len);
      if (!readingsIndex().has(syl) || INTERJECTIONS.has(syl)) continue;
      const cand = [...prev, syl];
      const cur = best[i + len];
      if (!cur || cand.length < cur.length) best[i + len] = cand;
    }
  }
  return best[n] ?? null;
}

/** Readings of interjections only (嗯 n, 呣 m, 哼 hng …): never what a child writes pinyin for. */
const INTERJECTIONS = new Set(["n", "ng", "m", "hm", "hng"]);

let index: Map<string, string[]> | undefined;
/**
 * Toneless syllable → the characters read that way (every reading of a polyphonic character), from pinyin-pro's
 * dictionary over the CJK Unified Ideographs block, most frequent first (jieba character frequencies).
 */
export function readingsIndex(): Map<string, string[]> {
  if (index) return index;
  index = new Map();
  const chars: string[] = [];
  for (let cp = 0x4e00; cp <= 0x9fa5; cp++) chars.push(String.fromCodePoint(cp));
  const all = polyphonic(chars.join(""), { toneType: "none", type: "array", v: true });
  for (const [i, readings] of all.entries()) {
    const c = chars[i]!;
    for (const r of new Set(readings)) {
      if (!/^[a-z]+$/.test(r)) continue;
      const list = index.get(r) ?? [];
      list.push(c);
      index.set(r, list);
    }
  }
  for (const list of index.values()) list.sort((a, b) => charRank(a) - charRank(b));
  return index;
}

/** How many of the most frequent characters count as common enough to suggest (about the size of 通用规范汉字表 level 1 plus level 2's frequent part). */
export const COMMON_CHARS = 6500;

/** Common Simplified characters read as `syllable`, most frequent first (Traditional text is mapped through them). */
export function charactersFor(syllable: string): string[] {
  let list = commonCache.get(syllable);
  if (!list) {
    list = (readingsIndex().get(syllable) ?? []).filter(
      (c) => charRank(c) <= COMMON_CHARS && inScript(c, "Hans") && !NUMERALS.includes(c),
    );
    commonCache.set(syllable, list);
  }
  return list;
}
const commonCache = new Map<string, string[]>();
/** A child who writes pinyin can write the numerals; 三步 is never what "san步" stands for. */
const NUMERALS = "〇一二三四五六七八九十百千万亿两";

const readingCache = new Map<string, string[]>();
/** Toneless readings of each character of a word in context (pinyin-pro resolves polyphones by its word list). */
export function wordReading(word: string): string[] {
  let r = readingCache.get(word);
  if (!r) {
    r = pinyin(word, { toneType: "none", type: "array", v: true });
    if (readingCache.size < 100_000) readingCache.set(word, r);
  }
  return r;
}

export interface PinyinCandidate {
  text: string;
  /** Log-score of the window with this reading: word model plus the context evidence below. */
  logProb: number;
}

export interface PinyinRanking {
  candidates: PinyinCandidate[];
  /** Log-score lead of the best candidate over the runner-up (Infinity with one candidate). */
  margin: number;
}

export interface RankOptions {
  /** How often each character and each character pair occurs elsewhere in the same text (the writer's topic). */
  cache?: TextCache;
  beam?: number;
}

export interface TextCache {
  chars: Map<string, number>;
  pairs: Map<string, number>;
}

let partnerIndex: Map<string, Set<string>> | undefined;
/** For each character, the characters it forms a two-character dictionary word with (either order). */
function partners(): Map<string, Set<string>> {
  if (partnerIndex) return partnerIndex;
  partnerIndex = new Map();
  for (const [w, e] of jiebaLexicon().words) {
    if (w.length !== 2 || e.freq < WEIGHTS.phraseFloor) continue;
    const [a, b] = [w[0]!, w[1]!];
    if (a === b) continue;
    (partnerIndex.get(a) ?? partnerIndex.set(a, new Set()).get(a)!).add(b);
    (partnerIndex.get(b) ?? partnerIndex.set(b, new Set()).get(b)!).add(a);
  }
  return partnerIndex;
}

/**
 * How much more a character forms words with the characters of this text than chance would have it (龟壳 in an
 * essay about a tortoise, 晨雾 beside 早晨): log((1 + partners in the text) / (1 + expected)).
 */
function topicAssociation(c: string, cache: TextCache): number {
  const mine = partners().get(c);
  if (!mine || mine.size === 0) return 0;
  let found = 0;
  for (const t of cache.chars.keys()) if (t !== c && mine.has(t)) found++;
  const expected = (mine.size * cache.chars.size) / Math.max(1, partners().size);
  return Math.log((1 + found) / (1 + expected));
}

/** Characters and adjacent character pairs of the Han runs of a text. */
export function textCache(text: string): TextCache {
  const chars = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
    for (let i = 0; i < run.length; i++) {
      chars.set(run[i]!, (chars.get(run[i]!) ?? 0) + 1);
      if (i > 0) pairs.set(run.slice(i - 1, i + 1), (pairs.get(run.slice(i - 1, i + 1)) ?? 0) + 1);
    }
  }
  return { chars, pairs };
}

export const WEIGHTS = {
  /** Frequency given to a dictionary phrase whose count is tiny (jieba lists collocations such as 踩到, 乱咬 with count 3). */
  phraseFloor: 100,
  /** Per log-occurrence of a candidate character elsewhere in the text. */
  cacheChar: 0.5,
  /** When the candidate forms a pair with its neighbour that occurs elsewhere in the text. */
  cachePair: 2,
  /** When the candidate forms a two-character dictionary word with a character a little further away (犯…错, 钓…鱼). */
  skip: 1.5,
  /** When the candidate's word class fits the slot the function words around it ask for, or not. */
  slot: 1.5,
  /** Per unit of character association (log P(c | left) − log P(c), and the same for the right neighbour). */
  bigram: 1,
  /** Per log-ratio of the words the candidate forms with the text's characters over chance. */
  topic: 0.5,
};

/**
 * Rank the characters a run of pinyin syllables may stand for by the Han characters around it (`left` ends where
 * the pinyin starts, `right` starts where it ends; both Simplified). Each candidate fills the gap and the window is
 * scored by its best segmentation into words (jieba frequencies), where a word covering the gap must read the filled
 * characters as the written syllables (还 in 还是 is hai, in 还原 huan), plus evidence from further away: two-character
 * words the candidate forms with a character up to three places off, its fit to the word class the function words
 * around it ask for (别 _ 它: a verb; 一个 _: a noun), and the characters and pairs of the rest of the text.
 * Candidates are common Simplified characters.
 */
export function rankPinyin(left: string, syllables: string[], right: string, options: RankOptions = {}): PinyinRanking {
  const beam = options.beam ?? 12;
  let partial: string[] = [""];
  for (const [k, syl] of syllables.entries()) {
    const chars = charactersFor(syl);
    if (chars.length === 0) return { candidates: [], margin: 0 };
    const last = k === syllables.length - 1;
    const next: PinyinCandidate[] = [];
    for (const p of partial) {
      for (const c of chars) {
        const fill = p + c;
        const r = last ? right : "";
        const logProb =
          scoreWindow(left, fill, r, syllables.slice(0, k + 1)) + contextEvidence(left, fill, r, options.cache);
        next.push({ text: fill, logProb });
      }
    }
    next.sort((a, b) => b.logProb - a.logProb);
    partial = next.slice(0, beam).map((x) => x.text);
    if (last) {
      const candidates = next.slice(0, beam);
      const margin = candidates.length > 1 ? candidates[0]!.logProb - candidates[1]!.logProb : Number.POSITIVE_INFINITY;
      return { candidates, margin };
    }
  }
  return { candidates: [], margin: 0 };
}

function contextEvidence(left: string, fill: string, right: string, cache: TextCache | undefined): number {
  const words = jiebaLexicon().words;
  let score = 0;
  if (left) score += WEIGHTS.bigram * charAssociation(left.slice(-1), fill[0]!, WEIGHTS.phraseFloor);
  if (right) score += WEIGHTS.bigram * charAssociation(fill.slice(-1), right[0]!, WEIGHTS.phraseFloor);
  if (cache) {
    for (const ch of fill) {
      score += WEIGHTS.cacheChar * Math.log1p(cache.chars.get(ch) ?? 0);
      score += WEIGHTS.topic * topicAssociation(ch, cache);
    }
    const l = left.slice(-1) + fill[0];
    const r = fill.slice(-1) + right.slice(0, 1);
    if (l.length === 2 && cache.pairs.has(l)) score += WEIGHTS.cachePair;
    if (r.length === 2 && cache.pairs.has(r)) score += WEIGHTS.cachePair;
  }
  // two-character words with a character two or three places away
  const first = fill[0]!;
  const lastCh = fill.slice(-1);
  let skip = false;
  for (let d = 2; d <= 4 && !skip; d++) {
    const lc = left[left.length - d];
    const rc = right[d - 1];
    if (lc && (words.get(lc + first)?.freq ?? 0) >= WEIGHTS.phraseFloor) skip = true;
    if (rc && (words.get(lastCh + rc)?.freq ?? 0) >= WEIGHTS.phraseFloor) skip = true;
  }
  if (skip) score += WEIGHTS.skip;
  // the slot's cue only counts when it does not form a word with the candidate itself (不仅 is a word, not 不 + verb)
  const joined =
    (words.get(left.slice(-1) + first)?.freq ?? 0) >= WEIGHTS.phraseFloor ||
    (words.get(lastCh + right.slice(0, 1))?.freq ?? 0) >= WEIGHTS.phraseFloor;
  // 一 … 就 ("as soon as") asks for a verb even though 一 forms words (一共) with the candidate
  const yiJiu = left.endsWith("一") && right.startsWith("就");
  if (fill.length === 1 && (!joined || yiJiu)) {
    const want = slotClass(left, right);
    if (want) {
      const have = charClass(fill);
      if (have === want || (want === "v" && have === "a")) score += WEIGHTS.slot;
      else if (have !== "?") score -= WEIGHTS.slot;
    }
  }
  return score;
}

function scoreWindow(left: string, fill: string, right: string, syllables: string[]): number {
  const text = left + fill + right;
  const from = left.length;
  const to = from + fill.length;
  let inContext: string[] | undefined;
  return segmentLogProb(
    text,
    (word, start) => {
      const end = start + word.length;
      if (end <= from || start >= to) return true;
      // a character standing alone is read as the whole window reads it (了 in 无了的 is le, not liao)
      if (word.length === 1) inContext ??= wordReading(text);
      const reading = word.length === 1 ? inContext!.slice(start, end) : wordReading(word);
      for (let i = Math.max(start, from); i < Math.min(end, to); i++) {
        if (reading[i - start] !== syllables[i - from]) return false;
      }
      return true;
    },
    WEIGHTS.phraseFloor,
  );
}
