import {
  carryReadings,
  DOUBTFUL_BELOW,
  type TCharReading,
  type TCorrectionSuggestion,
  type TDismissedSuggestion,
  type TReadingEvidence,
} from "@essay/contract";

/**
 * One recognised character on the editor's page text: `offset` follows the teacher's edits (into the page's current
 * text), `key` (its offset in the page's recognised text) names it whatever the edits.
 */
export type PageReading = TCharReading & { key: number };

/** The evidence of each page, offsets into the page's own recognised text. */
export function readingsByPage(readings: readonly TCharReading[]): Map<string, PageReading[]> {
  const out = new Map<string, PageReading[]>();
  for (const r of readings) {
    const list = out.get(r.pageId) ?? [];
    list.push({ ...r, offset: r.pageOffset, key: r.pageOffset });
    out.set(r.pageId, list);
  }
  return out;
}

/** The page's evidence moved onto the teacher's text: characters they typed or replaced have none. */
export function carriedReadings(recognised: string, text: string, readings: readonly PageReading[]): PageReading[] {
  return carryReadings(recognised, text, readings);
}

/**
 * Characters the recogniser was unsure of and the teacher has not yet accepted, in text order; with the text, blanks
 * are left out (an unsure space is nothing to look at).
 */
export function doubtful(
  readings: readonly PageReading[],
  accepted: ReadonlySet<number>,
  text?: string,
): PageReading[] {
  return readings.filter(
    (r) =>
      r.confidence < DOUBTFUL_BELOW &&
      !accepted.has(r.key) &&
      (text === undefined || text.slice(r.offset, r.offset + r.length).trim() !== ""),
  );
}

/** The doubtful character at a caret position (the caret before or after it), if any. */
export function doubtAt(doubts: readonly PageReading[], caret: number): PageReading | undefined {
  return doubts.find((r) => r.offset === caret) ?? doubts.find((r) => r.offset < caret && caret <= r.offset + r.length);
}

/** The next (or previous) doubtful character after (before) the caret, wrapping round; undefined when none. */
export function nextDoubt(
  doubts: readonly PageReading[],
  caret: number,
  direction: 1 | -1 = 1,
): PageReading | undefined {
  if (doubts.length === 0) return undefined;
  if (direction === 1) return doubts.find((r) => r.offset > caret) ?? doubts[0];
  return [...doubts].reverse().find((r) => r.offset < caret) ?? doubts[doubts.length - 1];
}

/**
 * What the correction service gets with the checked text (`checkedText`: pages joined by a line break): each
 * page's carried evidence shifted to its page's place; a character the teacher accepted counts as read for sure.
 */
export function evidenceForCheck(
  texts: readonly string[],
  perPage: readonly (readonly PageReading[])[],
  accepted: readonly ReadonlySet<number>[],
): TReadingEvidence[] {
  const out: TReadingEvidence[] = [];
  let start = 0;
  for (const [k, text] of texts.entries()) {
    for (const r of perPage[k] ?? []) {
      const sure = accepted[k]?.has(r.key) ?? false;
      out.push({
        offset: start + r.offset,
        length: r.length,
        confidence: sure ? 1 : r.confidence,
        ...(r.alternatives && !sure ? { alternatives: r.alternatives } : {}),
      });
    }
    start += text.length + 1;
  }
  return out;
}

/**
 * The dismissed suggestions as `confirm-text` takes them: offsets moved from the checked text (pages joined by a
 * line break) to the confirmed one (`joinPageTexts`: empty pages dropped, trailing blanks cut). The server matches
 * them by their words and the nearest position, so a position a few characters off after edits is fine.
 */
export function dismissedForConfirm(
  checked: readonly string[],
  dismissed: readonly Pick<TCorrectionSuggestion, "original" | "suggested" | "start">[],
): TDismissedSuggestion[] {
  const starts: number[] = [];
  const joinedStarts: number[] = [];
  let at = 0;
  let joined = 0;
  for (const text of checked) {
    starts.push(at);
    joinedStarts.push(joined);
    at += text.length + 1;
    const kept = text.replace(/\s+$/u, "");
    if (kept.trim().length > 0) joined += kept.length + 1;
  }
  return dismissed.map((d) => {
    let k = starts.length - 1;
    while (k > 0 && (starts[k] ?? 0) > d.start) k--;
    return {
      original: d.original,
      suggested: d.suggested,
      start: Math.max(0, d.start - (starts[k] ?? 0) + (joinedStarts[k] ?? 0)),
    };
  });
}
