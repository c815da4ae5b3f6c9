import { GRADE_BANDS, gradeBand } from "./rubric.ts";
import type { FeedbackLanguage } from "./types.ts";

const EN = /^(\d+(?:\.\d+)?)\/40 \(([^)]*)\)\./;
const ZH = /^(\d+(?:\.\d+)?)\/40（([^）]*)）。/;

/**
 * The embedded grader's overall comment opens with the total and its band ("31/40 (Good)." / "31/40（良好）。").
 * When a teacher sets their own total, the comment must not keep quoting the grader's: restate the opening for
 * `total`, in the language the comment was written in. Comments that do not open that way (an LLM grader's)
 * are returned unchanged.
 */
export function restateTotal(overall: string, total: number): string {
  const shown = Number.isInteger(total) ? String(total) : total.toFixed(1);
  const band = GRADE_BANDS.find((b) => b.band === gradeBand(total))!;
  const en = EN.exec(overall);
  if (en && labelLanguage(en[2]!) === "en") return `${shown}/40 (${band.label.en}).${overall.slice(en[0].length)}`;
  const zh = ZH.exec(overall);
  if (zh) {
    const lang = labelLanguage(zh[2]!) === "zh-TW" ? "zh-TW" : "zh-CN";
    return `${shown}/40（${band.label[lang]}）。${overall.slice(zh[0].length)}`;
  }
  return overall;
}

function labelLanguage(label: string): FeedbackLanguage | undefined {
  for (const b of GRADE_BANDS) {
    for (const lang of ["en", "zh-CN", "zh-TW"] as const) if (b.label[lang] === label) return lang;
  }
  return undefined;
}
