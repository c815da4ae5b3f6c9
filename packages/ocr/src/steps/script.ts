/**
 * Step `script`: which models read a page. English pages go to the English detector and recogniser (an `en` hint,
 * or a page whose first lines the Chinese recogniser reads as Latin script); a Chinese page keeps the
 * Chinese+English models, so pinyin and English words in a Chinese essay stay with them.
 */
export type Script = "zh" | "en";

function letters(texts: string[]): { han: number; latin: number } {
  let han = 0;
  let latin = 0;
  for (const t of texts) {
    han += (t.match(/\p{Script=Han}/gu) ?? []).length;
    latin += (t.match(/\p{Script=Latin}/gu) ?? []).length;
  }
  return { han, latin };
}

/**
 * The script of a page from the lines the Chinese recogniser has read so far: English when three quarters of the
 * letters are Latin (an English essay under a Chinese name and class line is still English), Chinese when half are
 * Han (pinyin and English words in a Chinese essay stay with the Chinese models); undecided before three lines and
 * 24 letters. `final`: all lines are read, the majority decides.
 */
export function pageScript(texts: string[], final = false): Script | undefined {
  const { han, latin } = letters(texts);
  const n = han + latin;
  if (n === 0 || (!final && (n < 24 || texts.length < 3))) return undefined;
  if (latin >= 0.75 * n) return "en";
  if (han >= 0.5 * n) return "zh";
  return final ? (latin > han ? "en" : "zh") : undefined;
}

/** A line of Chinese (at least two Han characters, half its letters) that the English recogniser cannot read. */
export function chineseLine(text: string): boolean {
  const { han, latin } = letters([text]);
  return han >= 2 && han >= 0.5 * (han + latin);
}

export function hintScript(languageHint: string | undefined): Script | undefined {
  if (/^en\b/i.test(languageHint ?? "")) return "en";
  return /^zh\b/i.test(languageHint ?? "") ? "zh" : undefined;
}
