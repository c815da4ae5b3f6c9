import type { TCorrectionSuggestion, TReadingEvidence } from "@essay/contract";
import { type EssayLanguage, type FeedbackLanguage, suggestCorrections } from "@essay/grading";
import type { FastifyBaseLogger } from "fastify";

function essayLanguage(language: string | undefined): EssayLanguage | undefined {
  if (!language) return undefined;
  if (/^zh/i.test(language)) return "zh";
  if (/^en/i.test(language)) return "en";
  return undefined;
}

/** Smart correction: suggestions for OCR slips and student errors; a failure only logs (spec §8). */
export function textCorrections(
  text: string,
  options: {
    language?: string;
    feedbackLanguage: FeedbackLanguage;
    readings?: TReadingEvidence[];
    log: FastifyBaseLogger;
  },
): { suggestions: TCorrectionSuggestion[] } {
  if (text.trim() === "") return { suggestions: [] };
  try {
    return suggestCorrections(text, {
      language: essayLanguage(options.language),
      feedbackLanguage: options.feedbackLanguage,
      readings: options.readings,
    });
  } catch (error) {
    options.log.warn({ err: error }, "text correction failed");
    return { suggestions: [] };
  }
}
