/**
 * Marked characters: how well per-character confidence points the teacher at the misreadings. The characters of a
 * sample (every page's lines' `chars`) are normalised as the CER is, aligned to the transcription by the shortest
 * edit, and each is a misreading when that edit replaces or removes it. At a threshold, `share` is the fraction of
 * characters below it (what the confirmation view marks) and `recall` the fraction of misreadings among them.
 */
import { alignOps, type OcrLine } from "@essay/ocr";
import { foldText, normalizeForCer } from "./cer.ts";

export interface ConfChar {
  ch: string;
  confidence: number;
}

/** The characters of a sample's pages in reading order, normalised for scoring, with their confidence. */
export function scoredChars(pages: OcrLine[][], lang: string): ConfChar[] | undefined {
  const out: ConfChar[] = [];
  const space = () => {
    if (lang !== "zh" && out.length && out.at(-1)!.ch !== " ") out.push({ ch: " ", confidence: 1 });
  };
  for (const lines of pages) {
    for (const line of lines) {
      if (!line.chars) return undefined;
      space();
      for (const c of line.chars) {
        for (const ch of foldText(c.text)) {
          if (/\s/u.test(ch)) space();
          else out.push({ ch, confidence: c.confidence });
        }
      }
    }
  }
  while (out.at(-1)?.ch === " ") out.pop();
  return out;
}

export interface MarkCounts {
  chars: number;
  errors: number;
  /** Per threshold: characters below it, and misreadings below it. */
  below: Map<number, { marked: number; caught: number }>;
}

export const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];

export function countMarks(chars: ConfChar[], ref: string, lang: string, thresholds = THRESHOLDS): MarkCounts {
  const r = [...normalizeForCer(ref, lang)];
  const wrong = new Array<boolean>(chars.length).fill(false);
  for (const op of alignOps(
    chars.map((c) => c.ch),
    r,
  )) {
    if (op.kind === "replace" || op.kind === "delete") wrong[op.i] = true;
  }
  const below = new Map<number, { marked: number; caught: number }>();
  for (const t of thresholds) {
    let marked = 0;
    let caught = 0;
    chars.forEach((c, i) => {
      if (c.confidence < t) {
        marked++;
        if (wrong[i]) caught++;
      }
    });
    below.set(t, { marked, caught });
  }
  return { chars: chars.length, errors: wrong.filter(Boolean).length, below };
}

export function addCounts(a: MarkCounts | undefined, b: MarkCounts): MarkCounts {
  if (!a) return b;
  const below = new Map(a.below);
  for (const [t, v] of b.below) {
    const x = below.get(t) ?? { marked: 0, caught: 0 };
    below.set(t, { marked: x.marked + v.marked, caught: x.caught + v.caught });
  }
  return { chars: a.chars + b.chars, errors: a.errors + b.errors, below };
}

/** Share marked and recall of misreadings at each threshold. */
export function markFigures(m: MarkCounts): { threshold: number; share: number; recall: number }[] {
  return [...m.below.entries()].map(([threshold, v]) => ({
    threshold,
    share: v.marked / Math.max(1, m.chars),
    recall: v.caught / Math.max(1, m.errors),
  }));
}
