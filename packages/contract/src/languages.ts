export const WORK_LANGUAGES = ["zh-CN", "zh-TW", "en"] as const;
export type TWorkLanguage = (typeof WORK_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TWorkLanguage = "zh-CN";

/**
 * Spec §3: empty or zh-hans → zh-CN; zh-hant → zh-TW; en-US → en; the three codes kept; anything else → zh-CN.
 * Matching is case-insensitive so "ZH-hant" and "zh-Hant" read the same.
 */
export function normalizeWorkLanguage(value: string | null | undefined): TWorkLanguage {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "zh-tw" || v === "zh-hant") return "zh-TW";
  if (v === "en" || v === "en-us") return "en";
  return "zh-CN";
}
