export type DiffPart = { type: "same" | "added" | "removed"; text: string };
export interface DiffResult {
  parts: DiffPart[];
  stats: { added: number; removed: number; unchanged: number };
}

/** Spec §4: after a mismatch the comparison resyncs by looking ahead up to 10 characters. */
export const LOOKAHEAD = 10;
/** A resync point must agree on this many characters (fewer at the very end), so one shared letter is not enough. */
const ANCHOR = 3;

function push(parts: DiffPart[], type: DiffPart["type"], text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += text;
  else parts.push({ type, text });
}

/**
 * Character comparison of the recognised text (before) with the teacher's text (after). At a mismatch it looks up
 * to LOOKAHEAD characters ahead in either text for the nearest point where they agree again (on ANCHOR characters); the skipped
 * characters are removed or added. With no such point within reach, the pair counts as one substitution.
 */
export function diffText(before: string, after: string): DiffResult {
  const a = Array.from(before);
  const b = Array.from(after);
  const parts: DiffPart[] = [];
  const stats = { added: 0, removed: 0, unchanged: 0 };
  let i = 0;
  let j = 0;
  const agrees = (x: number, y: number): boolean => {
    const n = Math.min(ANCHOR, a.length - x, b.length - y);
    if (n <= 0) return false;
    for (let k = 0; k < n; k++) if (a[x + k] !== b[y + k]) return false;
    return true;
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(parts, "same", a[i]!);
      stats.unchanged++;
      i++;
      j++;
      continue;
    }
    let skipA = -1;
    let skipB = -1;
    for (let k = 1; k <= LOOKAHEAD; k++) {
      if (skipA < 0 && i + k < a.length && j < b.length && agrees(i + k, j)) skipA = k;
      if (skipB < 0 && j + k < b.length && i < a.length && agrees(i, j + k)) skipB = k;
      if (skipA > 0 || skipB > 0) break;
    }
    if (i >= a.length) {
      push(parts, "added", b.slice(j).join(""));
      stats.added += b.length - j;
      break;
    }
    if (j >= b.length) {
      push(parts, "removed", a.slice(i).join(""));
      stats.removed += a.length - i;
      break;
    }
    if (skipA > 0 && (skipB < 0 || skipA <= skipB)) {
      push(parts, "removed", a.slice(i, i + skipA).join(""));
      stats.removed += skipA;
      i += skipA;
    } else if (skipB > 0) {
      push(parts, "added", b.slice(j, j + skipB).join(""));
      stats.added += skipB;
      j += skipB;
    } else {
      push(parts, "removed", a[i]!);
      push(parts, "added", b[j]!);
      stats.removed++;
      stats.added++;
      i++;
      j++;
    }
  }
  return { parts, stats };
}
