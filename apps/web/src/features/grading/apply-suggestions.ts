import type { TCorrectionSuggestion } from "@essay/contract";

type Edit = Pick<TCorrectionSuggestion, "original" | "suggested" | "start" | "end">;

/** Where the suggestion's original text is now: at its offsets if untouched, else the nearest occurrence. */
function locate(text: string, edit: Edit): number {
  if (text.slice(edit.start, edit.end) === edit.original) return edit.start;
  let best = -1;
  for (let at = text.indexOf(edit.original); at >= 0; at = text.indexOf(edit.original, at + 1)) {
    if (best < 0 || Math.abs(at - edit.start) < Math.abs(best - edit.start)) best = at;
  }
  return best;
}

/**
 * Applies suggestions to the text, right to left so earlier offsets stay valid. A suggestion whose original text
 * no longer appears (the teacher edited it) is skipped and reported.
 */
export function applySuggestions(text: string, edits: readonly Edit[]): { text: string; skipped: Edit[] } {
  const skipped: Edit[] = [];
  const placed: { edit: Edit; at: number }[] = [];
  for (const edit of edits) {
    const at = locate(text, edit);
    if (at < 0) skipped.push(edit);
    else placed.push({ edit, at });
  }
  placed.sort((x, y) => y.at - x.at);
  let out = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const { edit, at } of placed) {
    // Overlapping suggestions: the later one already changed this stretch.
    if (at + edit.original.length > limit) {
      skipped.push(edit);
      continue;
    }
    out = out.slice(0, at) + edit.suggested + out.slice(at + edit.original.length);
    limit = at;
  }
  return { text: out, skipped };
}
