import type { TWorkLanguage } from "@essay/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { detectLanguage, LANGUAGE_STORAGE_KEY } from "./detect.ts";
import en from "./locales/en.json";
import zhCN from "./locales/zh-CN.json";
import zhTW from "./locales/zh-TW.json";

export const resources = {
  en: { translation: en },
  "zh-CN": { translation: zhCN },
  "zh-TW": { translation: zhTW },
} as const;

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function initI18n(): typeof i18next {
  const lng = detectLanguage(readStored(), navigator.languages ?? [navigator.language]);
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  i18next.on("languageChanged", (value) => {
    document.documentElement.lang = value;
    document.title = i18next.t("app.title");
  });
  document.title = i18next.t("app.title");
  return i18next;
}

/** Switches the interface and remembers the choice under selectedLanguage (spec §1). */
export async function setLanguage(language: TWorkLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await i18next.changeLanguage(language);
}

/** The language chosen with the selector in this browser, if any. */
export function storedLanguage(): string | null {
  return readStored();
}

export function clearStoredLanguage(): void {
  try {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
