const HAN = "\\p{Script=Han}";

/**
 * Shape fixes for punctuation written in grid cells, applied only between Chinese characters:
 * the recogniser reads a comma written high in its cell as ’ ' ` or a closing quote, and a small
 * circle full stop as ° or o. ASCII , . ; : ! ? next to Han characters become their full-width forms.
 * Quotes are kept when the line also has an opening quote (they are then real quotes).
 */
export function normalizeCjkPunct(line: string): string {
  if (!new RegExp(HAN, "u").test(line)) return line;
  let t = line;
  const hasOpen = /[“‘"]/u.test(t);
  if (!hasOpen) t = t.replace(new RegExp(`(${HAN})\\s*[’'\`”]\\s*(?=${HAN})`, "gu"), "$1，");
  t = t.replace(new RegExp(`(${HAN})\\s*[°º]`, "gu"), "$1。");
  t = t.replace(new RegExp(`(${HAN})\\s*,\\s*`, "gu"), "$1，");
  t = t.replace(new RegExp(`(${HAN})\\s*\\.(?!\\d)\\s*`, "gu"), "$1。");
  t = t.replace(new RegExp(`(${HAN})\\s*;\\s*`, "gu"), "$1；");
  t = t.replace(new RegExp(`(${HAN})\\s*:\\s*`, "gu"), "$1：");
  t = t.replace(new RegExp(`(${HAN})\\s*!`, "gu"), "$1！");
  t = t.replace(new RegExp(`(${HAN})\\s*\\?`, "gu"), "$1？");
  return t;
}
