import type { DismissedSuggestion } from "./types.ts";

/**
 * Drop the items the teacher dismissed: each dismissed suggestion removes the item with the same words (and the same
 * suggestion, when the item has one) nearest to where it was, or every such item when it gives no position.
 */
export function withoutDismissed<T extends { start: number; original: string; suggested?: string }>(
  items: T[],
  dismissed: DismissedSuggestion[] | undefined,
): T[] {
  if (!dismissed || dismissed.length === 0) return items;
  const drop = new Set<T>();
  for (const d of dismissed) {
    const same = items.filter(
      (x) => !drop.has(x) && x.original === d.original && (x.suggested === undefined || x.suggested === d.suggested),
    );
    if (same.length === 0) continue;
    if (d.start === undefined) {
      for (const x of same) drop.add(x);
      continue;
    }
    const start = d.start;
    same.sort((a, b) => Math.abs(a.start - start) - Math.abs(b.start - start));
    drop.add(same[0]!);
  }
  return items.filter((x) => !drop.has(x));
}
