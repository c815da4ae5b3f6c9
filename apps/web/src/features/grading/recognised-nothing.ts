import { joinPageTexts, type TManuscript } from "@essay/contract";

/** Recognition finished and found no text on any page: the screen explains why instead of announcing success. */
export function recognisedNothing(manuscript: Pick<TManuscript, "status" | "pages">): boolean {
  return manuscript.status === "ocr_completed" && !joinPageTexts(manuscript.pages.map((p) => p.ocrText)).trim();
}
