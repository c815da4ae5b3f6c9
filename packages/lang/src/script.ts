import * as OpenCC from "opencc-js";

/** The two written standards of Chinese: Simplified (mainland) and Traditional (Taiwan). */
export type HanScript = "Hans" | "Hant";

type Convert = (s: string) => string;
let toTrad: Convert | undefined;
let toSimp: Convert | undefined;

/** Simplified → Traditional (Taiwan standard), phrase-aware (头发 → 頭髮, 发现 → 發現); OpenCC's tables. */
export function toTraditional(s: string): string {
  const convert = toTrad ?? OpenCC.Converter({ from: "cn", to: "tw" });
  toTrad = convert;
  return convert(s);
}

/** Traditional → Simplified, phrase-aware; OpenCC's tables. */
export function toSimplified(s: string): string {
  const convert = toSimp ?? OpenCC.Converter({ from: "tw", to: "cn" });
  toSimp = convert;
  return convert(s);
}

/** Whether a character is written this way in the script (a Traditional-only form is not Simplified, and back). */
export function inScript(c: string, script: HanScript): boolean {
  return script === "Hans" ? toSimplified(c) === c : toTraditional(c) === c;
}

/**
 * The script a text is written in: Traditional when more of its characters exist only in Traditional than only in
 * Simplified. A text with neither (shared characters only) counts as Simplified unless `hint` says otherwise.
 */
export function detectScript(text: string, hint?: HanScript): HanScript {
  let trad = 0;
  let simp = 0;
  for (const c of text) {
    if (!/\p{Script=Han}/u.test(c)) continue;
    if (toSimplified(c) !== c) trad++;
    else if (toTraditional(c) !== c) simp++;
  }
  if (trad > simp) return "Hant";
  if (simp > trad) return "Hans";
  return hint ?? "Hans";
}

/** A BCP-47 tag's Chinese script: zh-TW, zh-HK, zh-MO and zh-Hant are Traditional; other zh tags Simplified. */
export function scriptOfTag(tag: string | undefined): HanScript | undefined {
  if (!tag || !/^zh/i.test(tag)) return undefined;
  return /hant|-(tw|hk|mo)\b/i.test(tag) ? "Hant" : "Hans";
}
