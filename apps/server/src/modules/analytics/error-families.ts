import type { TErrorFamily } from "@essay/contract";
import { type DismissedSuggestion, suggestCorrections, withoutDismissed } from "@essay/grading";

/** The correction engine's rules, grouped the way a teacher talks about them. */
const FAMILY_OF_RULE: Record<string, TErrorFamily> = {
  lookalike: "wrong_character",
  soundalike: "wrong_character",
  zai: "wrong_character",
  pinyin: "pinyin",
  "pinyin-unclear": "pinyin",
  "de-adverb": "de",
  "de-complement": "de",
  spelling: "spelling",
  doubled: "spelling",
};

export function familyOf(rule: string): TErrorFamily {
  return FAMILY_OF_RULE[rule] ?? "grammar";
}

export interface ErrorCount {
  family: TErrorFamily;
  original: string;
  suggested: string;
  count: number;
  students: number;
}

/**
 * The students' own errors across essays (OCR slips, errors the engine is unsure are the student's and suggestions
 * the teacher dismissed left out),
 * most frequent first: one entry per error and its correction, with how many students made it.
 */
export function classErrors(
  essays: readonly { studentId: string; text: string; dismissed?: DismissedSuggestion[] | null }[],
  limit = 12,
): ErrorCount[] {
  const counts = new Map<string, ErrorCount & { who: Set<string> }>();
  for (const e of essays) {
    // what the teacher dismissed on the grading screen is not the student's error
    for (const s of withoutDismissed(suggestCorrections(e.text).suggestions, e.dismissed ?? undefined)) {
      if (s.kind !== "student") continue;
      const family = familyOf(s.rule);
      // capitals and spacing are mechanics, not what a class "keeps getting wrong"
      if (s.rule === "capital" || s.rule === "space-punct") continue;
      const key = `${family}\u0000${s.original.toLowerCase()}\u0000${s.suggested}`;
      const entry = counts.get(key) ?? {
        family,
        original: s.original,
        suggested: s.suggested,
        count: 0,
        students: 0,
        who: new Set<string>(),
      };
      entry.count++;
      entry.who.add(e.studentId);
      counts.set(key, entry);
    }
  }
  return [...counts.values()]
    .map(({ who, ...e }) => ({ ...e, students: who.size }))
    .sort((a, b) => b.students - a.students || b.count - a.count || a.original.localeCompare(b.original))
    .slice(0, limit);
}
