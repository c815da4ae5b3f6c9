import type { Analysis } from "../features.ts";
import type { CriterionKey, Evidence, FeedbackLanguage, Localized } from "../types.ts";

export type L = FeedbackLanguage;

/** One observation about the essay: a strength (weight > 0) or something to improve (weight < 0). */
export interface Point {
  /** The rule that made it (for tests and for keeping one observation per rule). */
  rule: string;
  criterion: CriterionKey;
  /** Positive = strength, negative = improvement; magnitude = priority. */
  weight: number;
  text: Localized;
  evidence: Evidence;
}

/**
 * A feedback rule: what it looks at (one criterion), which essays it speaks about (language, genre, level) and what
 * it says. Rules are small and tested one by one; `observations` runs them all.
 */
export interface Rule {
  id: string;
  criterion: CriterionKey;
  /** Whether the rule speaks about this essay at all (default: always). */
  applies?: (a: Analysis) => boolean;
  observe: (a: Analysis) => Omit<Point, "rule" | "criterion"> | null;
}
