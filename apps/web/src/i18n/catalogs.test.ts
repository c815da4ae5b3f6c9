import { ERROR_CODES } from "@essay/contract";
import { describe, expect, it } from "vitest";
import en from "./locales/en.json";
import zhCN from "./locales/zh-CN.json";
import zhTW from "./locales/zh-TW.json";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

function placeholders(tree: Tree): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (t: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(t)) {
      if (typeof v === "string")
        out.set(
          `${prefix}${k}`,
          [...v.matchAll(/{{\s*(\w+)\s*}}/g)]
            .map((m) => m[1])
            .sort()
            .join(","),
        );
      else walk(v, `${prefix}${k}.`);
    }
  };
  walk(tree, "");
  return out;
}

const catalogs = { en, "zh-CN": zhCN, "zh-TW": zhTW } as Record<string, Tree>;
const reference = keys(en as Tree).sort();

describe("i18n catalogs", () => {
  it.each(Object.keys(catalogs))("%s has exactly the keys of en", (name) => {
    const own = keys(catalogs[name]!).sort();
    expect(
      reference.filter((k) => !own.includes(k)),
      "missing keys",
    ).toEqual([]);
    expect(
      own.filter((k) => !reference.includes(k)),
      "extra keys",
    ).toEqual([]);
  });

  it.each(Object.keys(catalogs))("%s has no empty strings and the same placeholders as en", (name) => {
    const ref = placeholders(en as Tree);
    const own = placeholders(catalogs[name]!);
    for (const [key, vars] of own) {
      expect(ref.get(key), `placeholders of ${key}`).toBe(vars);
    }
    for (const key of keys(catalogs[name]!)) {
      const value = key.split(".").reduce<Tree | string>((t, k) => (t as Tree)[k]!, catalogs[name]!);
      expect(String(value).trim(), key).not.toBe("");
    }
  });

  it("translates every error code the API can send", () => {
    const missing = ERROR_CODES.filter((code) => !reference.includes(`errors.${code}`));
    expect(missing).toEqual([]);
  });
});
