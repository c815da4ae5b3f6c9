import { readFileSync } from "node:fs";

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

export function lang(r: EssayRecord): "en" | "zh" {
  return r.language.startsWith("zh") ? "zh" : "en";
}
