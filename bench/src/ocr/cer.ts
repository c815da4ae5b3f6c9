/** CER helpers for the OCR benchmark. */

const PUNCT_FOLD: Record<string, string> = {
  "。": ".",
  "．": ".",
  "、": ",",
  "“": '"',
  "”": '"',
  "„": '"',
  "‘": "'",
  "’": "'",
  "《": "<",
  "》": ">",
  "〈": "<",
  "〉": ">",
  "【": "[",
  "】": "]",
  "「": '"',
  "」": '"',
  "『": '"',
  "』": '"',
  "—": "-",
  "–": "-",
  "－": "-",
  "…": "...",
  "·": ".",
  "～": "~",
};

/** NFKC (folds full-width ASCII forms), then CJK punctuation to ASCII equivalents. */
export function foldText(s: string): string {
  let out = "";
  for (const ch of s.normalize("NFKC")) out += PUNCT_FOLD[ch] ?? ch;
  return out;
}

/** Normalise for scoring: Chinese ignores whitespace; other languages collapse runs of whitespace to one space. */
export function normalizeForCer(s: string, lang: string, dropPunct = false): string {
  let t = foldText(s);
  if (dropPunct) t = t.replace(/[\p{P}\p{S}]/gu, "");
  if (lang === "zh") return t.replace(/\s+/gu, "");
  return t.replace(/\s+/gu, " ").trim();
}

/** Levenshtein distance over code points. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = new Array<number>(y.length + 1);
  let cur = new Array<number>(y.length + 1);
  for (let j = 0; j <= y.length; j++) prev[j] = j;
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const sub = prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[y.length]!;
}

export function primaryLanguage(tag: string): string {
  return (tag.split("-")[0] ?? tag).toLowerCase();
}

export interface Score {
  edits: number;
  refChars: number;
}

export function score(hyp: string, ref: string, lang: string, dropPunct = false): Score {
  const h = normalizeForCer(hyp, lang, dropPunct);
  const r = normalizeForCer(ref, lang, dropPunct);
  return { edits: editDistance(h, r), refChars: [...r].length };
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[idx]!;
}
