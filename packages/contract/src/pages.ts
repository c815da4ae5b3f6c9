// Pages of an essay: plain values the web uses without the schema library.

/** Page photos per essay: a 500-character composition on 方格 paper fills two or three. */
export const MAX_PAGES = 8;

/** Dismissed suggestions stored per essay: far more than the suggestion list ever shows (200). */
export const MAX_DISMISSED = 500;

/**
 * The essay's text from its pages' texts in reading order. A page break is a line break: a sentence or paragraph
 * that runs on to the next page is not cut (the grader's line unwrapping decides paragraphs, as within a page).
 * Empty pages add nothing; trailing blanks of a page are dropped.
 */
export function joinPageTexts(texts: readonly (string | null | undefined)[]): string {
  return texts
    .map((t) => (t ?? "").replace(/\s+$/u, ""))
    .filter((t) => t.trim().length > 0)
    .join("\n");
}
