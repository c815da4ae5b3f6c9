import { readFileSync } from "node:fs";
import { isSchoolYear, type TSchoolYear } from "@essay/contract";

export interface EssayRecord {
  id: string;
  prompt_id: string;
  prompt_text: string | null;
  title?: string;
  language: string;
  text: string;
  score: number;
  score_min: number;
  score_max: number;
  /** The writers' school year (1–12). */
  grade?: number;
}

export function loadJsonl(file: string): EssayRecord[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as EssayRecord);
}

/** Natural order of ids (asap-2 < asap-10). */
export function compareIds(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

/** Topic text given to the grader: the prompt, or the essay's own title when there is no prompt. */
export function topicOf(r: EssayRecord): string {
  return r.prompt_text ?? r.title ?? "";
}

/** The record's school year as the grader takes it (undefined when absent or not 1–12). */
export function yearOf(r: EssayRecord): TSchoolYear | undefined {
  return isSchoolYear(r.grade) ? r.grade : undefined;
}

export function lang(r: EssayRecord): "en" | "zh" {
  return r.language.startsWith("zh") ? "zh" : "en";
}
