import { z } from "zod";

export const WORK_LANGUAGES = ["zh-CN", "zh-TW", "en"] as const;
export const ZWorkLanguage = z.enum(WORK_LANGUAGES);
export type TWorkLanguage = z.infer<typeof ZWorkLanguage>;
export const DEFAULT_LANGUAGE: TWorkLanguage = "zh-CN";

export const ZCountry = z.object({
  code: z.string().length(2),
  name: z.string(),
  flag: z.string(),
  phoneCode: z.string().regex(/^\+\d{1,4}$/),
});
export type TCountry = z.infer<typeof ZCountry>;
export const ZCountryList = z.array(ZCountry);

export const ZLanguageOption = z.object({
  code: ZWorkLanguage,
  name: z.string(),
  flag: z.string().optional(),
});
export type TLanguageOption = z.infer<typeof ZLanguageOption>;
export const ZLanguageList = z.array(ZLanguageOption);

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
