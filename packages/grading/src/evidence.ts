import type { CorrectionSuggestion, ReadingEvidence } from "./types.ts";

/**
 * Below this confidence a character counts as one the recogniser was unsure of. The recogniser's per-character
 * posterior (combined with the character model) is well above it on clean handwriting.
 */
export const LOW_CONFIDENCE = 0.8;

/**
 * The recogniser's word on each suggestion: where it was unsure of a character in the span, the suggestion is an OCR
 * slip; where it offered the suggested text as its next best reading, the photo supports that reading, so it is an
 * OCR slip and at least as likely as the recogniser's confidence in that alternative. A confident reading leaves
 * the kind the string gave.
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
    if (Math.min(...over.map((r) => r.confidence)) < LOW_CONFIDENCE)
      return { ...s, kind: "ocr", evidence: "low-confidence" };
    return s;
  });
}
