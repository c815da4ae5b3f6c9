import { DEFAULT_LANGUAGE, type TWorkLanguage, WORK_LANGUAGES } from "@essay/contract";

export const LANGUAGE_STORAGE_KEY = "selectedLanguage";

function isSupported(value: string | null | undefined): value is TWorkLanguage {
  return (WORK_LANGUAGES as readonly string[]).includes(value ?? "");
}

/** Maps one browser language tag to ours (spec §1): zh-tw/zh-hk → zh-TW, zh → zh-CN, en → en. */
export function fromBrowserTag(tag: string): TWorkLanguage | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith("zh-tw") || lower.startsWith("zh-hk") || lower.startsWith("zh-mo") || lower === "zh-hant") {
    return "zh-TW";
  }
  if (lower.startsWith("zh-hant-")) return "zh-TW";
  if (lower.startsWith("zh")) return "zh-CN";
  if (lower.startsWith("en")) return "en";
  return undefined;
}

/** Stored choice first, then the browser's preferences in order, then zh-CN. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): TWorkLanguage {
  if (isSupported(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = fromBrowserTag(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
