import { joinPageTexts, type TCorrectionSuggestion, type TManuscriptPage } from "@essay/contract";
import { applySuggestions } from "./apply-suggestions.ts";

/** The teacher's text of one page in the editor, and which recognition result it started from. */
export interface PageDraft {
  text: string;
  /** `recognizedAt` of the page's result the text started from; null while the page was not read. */
  from: string | null;
}
export type Drafts = Readonly<Record<string, PageDraft>>;

/**
 * Brings the editor's page texts in line with the pages. A new page, or a page read (again), starts from its
 * recognised text; the text of a page whose recognition did not change is the teacher's and stays, whatever
 * happens to the other pages (added, moved, removed, read); a removed page's text goes. A page that was never read
 * keeps what the teacher typed into it when its text arrives.
 */
export function syncDrafts(drafts: Drafts, pages: readonly TManuscriptPage[]): Drafts {
  const next: Record<string, PageDraft> = {};
  let changed = Object.keys(drafts).length !== pages.length;
  for (const page of pages) {
    const have = drafts[page.id];
    if (have && have.from === page.recognizedAt) {
      next[page.id] = have;
      continue;
    }
    changed = true;
    const recognised = page.ocrText ?? "";
    if (!have) next[page.id] = { text: recognised, from: page.recognizedAt };
    else if (page.recognizedAt === null) next[page.id] = { text: "", from: null };
    else if (have.from === null && have.text.trim() !== "")
      next[page.id] = { text: have.text, from: page.recognizedAt };
    else next[page.id] = { text: recognised, from: page.recognizedAt };
  }
  return changed ? next : drafts;
}

/** The page texts in reading order (a page without a draft counts as empty). */
export function draftTexts(drafts: Drafts, pages: readonly { id: string }[]): string[] {
  return pages.map((p) => drafts[p.id]?.text ?? "");
}

/** What `confirm-text` receives: the joined text and each page's part, in reading order. */
export function confirmation(drafts: Drafts, pages: readonly { id: string }[]) {
  const texts = draftTexts(drafts, pages);
  return {
    confirmedText: joinPageTexts(texts),
    pageTexts: pages.map((p, i) => ({ pageId: p.id, text: texts[i] ?? "" })),
  };
}

type Edit = Pick<TCorrectionSuggestion, "original" | "suggested" | "start" | "end">;

/**
 * The text the correction service checks: the pages joined with a line break, so a suggestion's offsets tell its
 * page (`applyAcrossPages`).
 */
export function checkedText(texts: readonly string[]): string {
  return texts.join("\n");
}

/**
 * Applies suggestions made on `checkedText(origin)` to the current page texts: each goes to the page its offsets
 * fall in (as local offsets; a suggestion spanning a page break is skipped), then `applySuggestions` per page.
 */
export function applyAcrossPages(
  origin: readonly string[],
  current: readonly string[],
  edits: readonly Edit[],
): { texts: string[]; skipped: Edit[] } {
  const starts: number[] = [];
  let at = 0;
  for (const text of origin) {
    starts.push(at);
    at += text.length + 1;
  }
  const perPage: Edit[][] = current.map(() => []);
  const skipped: Edit[] = [];
  for (const edit of edits) {
    let k = starts.length - 1;
    while (k > 0 && (starts[k] ?? 0) > edit.start) k--;
    const base = starts[k] ?? 0;
    const local = { ...edit, start: edit.start - base, end: edit.end - base };
    if (k >= current.length || local.end > (origin[k]?.length ?? 0)) skipped.push(edit);
    else perPage[k]?.push(local);
  }
  const texts = current.map((text, k) => {
    const result = applySuggestions(text, perPage[k] ?? []);
    skipped.push(...result.skipped);
    return result.text;
  });
  return { texts, skipped };
}
