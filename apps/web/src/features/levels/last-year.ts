import { isSchoolYear, type TSchoolYear } from "@essay/contract";

const KEY = "lastSchoolYear";

/** The school year the teacher chose last on the grading screen (the default when no class says otherwise). */
export function lastSchoolYear(): TSchoolYear | null {
  try {
    const v = Number(localStorage.getItem(KEY));
    return isSchoolYear(v) ? v : null;
  } catch {
    return null;
  }
}

export function rememberSchoolYear(year: TSchoolYear | null): void {
  try {
    if (year) localStorage.setItem(KEY, String(year));
  } catch {
    // storage unavailable: the next essay starts without a remembered year
  }
}
