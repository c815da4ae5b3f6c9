import type { EssayLanguage } from "./types.ts";

export interface Span {
  text: string;
  start: number;
  end: number;
}

const HAN = /\p{Script=Han}/u;
const HAN_G = /\p{Script=Han}/gu;

export function hanCount(text: string): number {
  return text.match(HAN_G)?.length ?? 0;
}

export function isHan(ch: string): boolean {
  return HAN.test(ch);
}

export function detectLanguage(text: string): EssayLanguage {
  const han = hanCount(text);
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return han > 0 && han * 2 >= latin * 0.5 ? "zh" : "en";
}

/**
 * A handwritten page comes back from OCR (and from the teacher's confirmation) with one line per handwritten line:
 * most newlines are where the paper ran out, not paragraph breaks. In a block of such lines (≥ 3 lines of similar,
 * page-width length: at most 120 Latin / 40 other characters, the median at least half the longest), a line
 * that reaches ≥ 60% of the longest is joined to the next — with a space, with nothing between Chinese
 * characters, and a word hyphenated across the break ("con-" + "ference") is joined whole. A shorter line ends
 * its paragraph (or is a headline), and so does the line before an indented one (leading spaces, ideographic
 * space or tab; when not every line is indented) — a new paragraph on grid paper when the previous one filled its
 * last row. Blank lines and typed paragraphs (long lines of varying length) stay as they are.
 */
export function unwrapLines(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const filled = lines.filter((l) => l.trim() !== "");
  if (filled.length < 3) return lines.join("\n");
  // line lengths over the whole text: a short paragraph of two lines is judged against the page's width
  const len = filled.map((l) => [...l.trim()].length);
  const max = Math.max(...len);
  const med = [...len].sort((a, b) => a - b)[Math.floor(len.length / 2)]!;
  const all = filled.join("");
  const latin = hanCount(all) === 0;
  if (max > (latin ? 120 : 40) || med < 0.5 * max) return lines.join("\n");
  const indent = (l: string) => /^[ \t\u3000]/.test(l);
  const indents = filled.some((l) => !indent(l));
  let out = "";
  let prev: string | null = null;
  for (const line of lines) {
    if (
      line.trim() === "" ||
      prev === null ||
      prev.trim() === "" ||
      [...prev.trim()].length < 0.6 * max ||
      (indents && indent(line))
    ) {
      out += prev === null ? line : `\n${line}`;
    } else {
      const a = prev.trimEnd();
      const b = line.trimStart();
      if (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b)) out = `${out.trimEnd().slice(0, -1)}${b}`;
      else if (isHan(a.at(-1) ?? "") || isHan(b[0] ?? "")) out = `${out.trimEnd()}${b}`;
      else out = `${out.trimEnd()} ${b}`;
    }
    prev = line;
  }
  return out;
}

/** Paragraphs: blocks separated by line breaks (a blank line or a single newline). */
export function paragraphs(text: string): Span[] {
  const out: Span[] = [];
  const re = /[^\n]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t.length === 0) continue;
    out.push({ text: t, start: m.index + lead, end: m.index + lead + t.length });
  }
  return out;
}

/** Sentences with offsets; works for English and Chinese punctuation. */
export function sentences(text: string, language: EssayLanguage): Span[] {
  const out: Span[] = [];
  const re =
    language === "zh" ? /[^。！？!?；;\n]+[。！？!?；;…]*[”’"」』]?/g : /[^.!?\n]+(?:[.!?]+["')\]]?|(?=\n)|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t.length === 0) continue;
    if (language === "en" && !/[A-Za-z0-9@]/.test(t)) continue;
    if (language === "zh" && hanCount(t) === 0) continue;
    out.push({ text: t, start: m.index + lead, end: m.index + lead + t.length });
  }
  return out;
}

export interface Token extends Span {
  lower: string;
}

/** English word tokens (letters, apostrophes, ASAP @ANON tokens). */
export function englishTokens(text: string): Token[] {
  const out: Token[] = [];
  const re = /@?[A-Za-z][A-Za-z']*[A-Za-z0-9]*|[0-9]+(?:[.,][0-9]+)*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const t = m[0].replace(/'+$/, "");
    out.push({ text: t, lower: t.toLowerCase(), start: m.index, end: m.index + t.length });
  }
  return out;
}

const zhSegmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** Chinese word tokens via Intl.Segmenter (word-like segments only). */
export function chineseWords(text: string): Token[] {
  const out: Token[] = [];
  for (const s of zhSegmenter.segment(text)) {
    if (!s.isWordLike) continue;
    out.push({ text: s.segment, lower: s.segment.toLowerCase(), start: s.index, end: s.index + s.segment.length });
  }
  return out;
}

export function truncate(s: string, n = 60): string {
  const t = s.replace(/\s+/g, " ").trim();
  if ([...t].length <= n) return t;
  return `${[...t].slice(0, n - 1).join("")}…`;
}

export function mean(xs: number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function sd(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
}

export function ordinal(n: number, lang: "en" | "zh-CN" | "zh-TW"): string {
  if (lang !== "en") return `第${n}`;
  const names = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
  const w = names[n - 1];
  if (w) return w;
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${s}`;
}

/**
 * A capitalised word that does not start a sentence (nor follows a line break) is taken for a proper noun
 * (e.g. "Li Hua", "Kurmaskie") and not spell-checked.
 */
export function isLikelyProperNoun(text: string, start: number, word: string): boolean {
  if (!/^[A-Z][a-z]/.test(word)) return false;
  const before = text.slice(Math.max(0, start - 4), start);
  return !/(^|[.!?:"“\n]\s*)$/.test(before) && start > 0;
}
