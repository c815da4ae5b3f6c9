import { DOUBTFUL_BELOW } from "@essay/contract";
import type { CorrectionSuggestion, ReadingEvidence } from "./types.ts";

/**
 * Below this confidence a character counts as one the recogniser was unsure of (the editor marks the same
 * characters). The recogniser's per-character posterior (combined with the character model) is well above it on
 * clean handwriting.
 */
export const LOW_CONFIDENCE = DOUBTFUL_BELOW;

/**
 * The recogniser's word on each suggestion: where it was unsure of a character in the span, the suggestion is an OCR
 * slip; where it offered the suggested text as its next best reading, the photo supports that reading, so it is an
 * OCR slip and at least as likely as the recogniser's confidence in that alternative. A confident reading leaves
 * the kind the string gave, and so does pinyin in Chinese text whatever the confidence (see below).
 */
export function applyReadingEvidence(
  suggestions: CorrectionSuggestion[],
  readings: ReadingEvidence[] | undefined,
): CorrectionSuggestion[] {
  if (!readings || readings.length === 0) return suggestions;
  return suggestions.map((s) => {
    const over = readings.filter((r) => r.offset < s.end && s.start < r.offset + r.length);
    if (over.length === 0) return s;
    const alt = over
      .flatMap((r) => r.alternatives ?? [])
      .find((a) => a.text === s.suggested || (s.suggested.length > 0 && s.suggested.includes(a.text)));
    if (alt) {
      return {
        ...s,
        kind: "ocr",
        evidence: "recogniser-alternative",
        confidence: Math.round(Math.max(s.confidence, alt.confidence) * 100) / 100,
      };
    }
    // Latin letters in Chinese text: the recogniser's confidence says nothing about whether they are misread (on the
    // classroom essays 54–72% of them are, in every confidence band from 0.2 to 1; Han characters: 3% above 0.9,
    // 36–71% below 0.8), so a low one does not make a child's pinyin an OCR slip; its string decides (zh.ts)
    if (!s.rule.startsWith("pinyin") && Math.min(...over.map((r) => r.confidence)) < LOW_CONFIDENCE)
      return { ...s, kind: "ocr", evidence: "low-confidence" };
    return s;
  });
}
