import { jiebaLexicon } from "./lexicon.ts";
import { type PinyinCandidate, rankPinyin, splitSyllables, type TextCache, textCache } from "./pinyin.ts";
import { detectScript, type HanScript, toSimplified, toTraditional } from "./script.ts";

export interface PinyinRun {
  start: number;
  end: number;
  /** The Latin letters as written ("diao", "Chan"). */
  raw: string;
  syllables: string[];
  /** Characters it may stand for, best first, in the text's script. */
  candidates: PinyinCandidate[];
  /** Log-score lead of the best candidate over the runner-up, after pooling the runs of the same pinyin. */
  margin: number;
}

const LATIN_RUN = /[A-Za-zāáǎàōóǒòēéěèīíǐìūúǔùǖǘǚǜü]+/g;
const HAN = /\p{Script=Han}/u;
/** Han characters of context on each side. */
const WINDOW = 6;
/** Share of the evidence of the other runs of the same pinyin in the text that a run takes on. */
const POOL = 0.5;

/**
 * Pinyin written in place of characters: Latin runs of one to four toneless syllables that touch a Han character
 * ("diao鱼", "li害", "ren认真真", "hai是"), each with the characters it may stand for ranked in context. A child
 * who does not know a character usually writes the same pinyin for it each time, so runs of the same pinyin in one
 * text share part of their evidence. Traditional text is ranked through its Simplified form and answered in
 * Traditional.
 */
export function findPinyinRuns(text: string, options: { script?: HanScript } = {}): PinyinRun[] {
  const script = options.script ?? detectScript(text);
  const simplified = script === "Hant" ? toSimplified(text) : text;
  // the conversion keeps one character for one: offsets stay valid
  const base = simplified.length === text.length ? simplified : text;
  const cache: TextCache = textCache(base);
  const runs: PinyinRun[] = [];
  LATIN_RUN.lastIndex = 0;
  for (let m = LATIN_RUN.exec(text); m; m = LATIN_RUN.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const end = start + raw.length;
    if (raw.length < 2 || (/^[A-Z]+$/.test(raw) && raw.length > 1) || /[a-z][A-Z]/.test(raw)) continue;
    if (!HAN.test(text[start - 1] ?? "") && !HAN.test(text[end] ?? "")) continue;
    const syllables = splitSyllables(raw);
    if (!syllables || syllables.length > 4) continue;
    const left = /\p{Script=Han}*$/u.exec(base.slice(Math.max(0, start - WINDOW), start))?.[0] ?? "";
    const right = /^\p{Script=Han}*/u.exec(base.slice(end, end + WINDOW))?.[0] ?? "";
    const ranking = rankPinyin(left, syllables, right, { cache });
    if (ranking.candidates.length === 0) continue;
    // several syllables stand for a word: unless the best reading is one (苹果 for pingguo), the letters are more
    // likely a misreading than pinyin, and no character is named
    if (syllables.length > 1 && (jiebaLexicon().words.get(ranking.candidates[0]!.text)?.freq ?? 0) < 3)
      ranking.margin = 0;
    const candidates =
      script === "Hant"
        ? ranking.candidates.map((c) => ({
            ...c,
            text: toTraditional(left + c.text + right).slice(left.length, left.length + c.text.length),
          }))
        : ranking.candidates;
    runs.push({ start, end, raw, syllables, candidates, margin: ranking.margin });
  }
  return pool(runs);
}

function logSumExp(xs: number[]): number {
  const m = Math.max(...xs);
  return m + Math.log(xs.reduce((a, x) => a + Math.exp(x - m), 0));
}

function pool(runs: PinyinRun[]): PinyinRun[] {
  const groups = new Map<string, PinyinRun[]>();
  for (const r of runs) {
    const k = r.syllables.join(" ");
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const posteriors = new Map<PinyinRun, Map<string, number>>();
  for (const r of runs) {
    const z = logSumExp(r.candidates.map((c) => c.logProb));
    posteriors.set(r, new Map(r.candidates.map((c) => [c.text, c.logProb - z])));
  }
  return runs.map((r) => {
    const others = (groups.get(r.syllables.join(" ")) ?? []).filter((o) => o !== r);
    if (others.length === 0) return r;
    const candidates = r.candidates
      .map((c) => {
        let add = 0;
        for (const o of others) {
          const post = posteriors.get(o)!;
          add += post.get(c.text) ?? Math.min(...post.values());
        }
        return { text: c.text, logProb: c.logProb + (POOL * add) / others.length };
      })
      .sort((a, b) => b.logProb - a.logProb);
    const margin = candidates.length > 1 ? candidates[0]!.logProb - candidates[1]!.logProb : Number.POSITIVE_INFINITY;
    return { ...r, candidates, margin };
  });
}
