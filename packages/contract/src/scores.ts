// Score bands, statuses and upload limits: plain values the web uses without the schema library.

/** Spec §4. `ocr_processed` and `draft` are accepted aliases when reading older records. */
export const MANUSCRIPT_STATUSES = ["created", "uploaded", "ocr_completed", "text_confirmed", "graded"] as const;
export type TManuscriptStatus = (typeof MANUSCRIPT_STATUSES)[number];

/** Progress step of the five-step indicator: created (or unknown) 1 … graded 5. */
export function progressStep(status: string | null | undefined): 1 | 2 | 3 | 4 | 5 {
  switch (status) {
    case "uploaded":
      return 2;
    case "ocr_completed":
    case "ocr_processed":
      return 3;
    case "text_confirmed":
      return 4;
    case "graded":
      return 5;
    default:
      return 1;
  }
}

export const MAX_SCORE = 40;
export const GRADE_BANDS = ["excellent", "good", "pass", "needs_improvement", "fail"] as const;
export type TGradeBand = (typeof GRADE_BANDS)[number];

/** Spec §9: excellent 35–40, good 30–34, pass 25–29, needs improvement 20–24, fail 0–19. */
export function bandForScore(score: number): TGradeBand {
  if (score >= 35) return "excellent";
  if (score >= 30) return "good";
  if (score >= 25) return "pass";
  if (score >= 20) return "needs_improvement";
  return "fail";
}

/** Spec §9 colours: ≥35 purple, ≥30 green, ≥25 blue, ≥20 yellow, below red. */
export function scoreColor(score: number): "purple" | "green" | "blue" | "yellow" | "red" {
  if (score >= 35) return "purple";
  if (score >= 30) return "green";
  if (score >= 25) return "blue";
  if (score >= 20) return "yellow";
  return "red";
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DEFAULT_TARGET_LENGTH = 500;
/** Uploads larger than this many pixels, or longer than MAX_IMAGE_SIDE on a side, are refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;
