import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

export const SCREEN_DIR = path.resolve(import.meta.dirname, "../artifacts/screens");

/** Saves a full-page screenshot under e2e/artifacts/screens/<name>.png for people to look at. */
export async function saveScreen(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREEN_DIR, { recursive: true });
  const file = path.join(SCREEN_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const LANGUAGES = ["zh-CN", "zh-TW", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Opens the app with a stored language choice, as a returning visitor would have. */
export async function openWithLanguage(page: Page, language: Language, url = "/"): Promise<void> {
  await page.addInitScript((lang) => {
    if (!sessionStorage.getItem("e2e-lang-set")) {
      localStorage.setItem("selectedLanguage", lang);
      sessionStorage.setItem("e2e-lang-set", "1");
    }
  }, language);
  await page.goto(url);
}
