import { z } from "zod";
import { WORK_LANGUAGES } from "./languages.ts";

export const ZWorkLanguage = z.enum(WORK_LANGUAGES);

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
