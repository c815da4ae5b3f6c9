import type { TWorkLanguage } from "@essay/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { detectLanguage, LANGUAGE_STORAGE_KEY } from "./detect.ts";

type Catalog = Record<string, unknown>;
/** Each catalog is its own chunk: a visitor downloads the language they read, not all three. */
const CATALOGS: Record<TWorkLanguage, () => Promise<{ default: Catalog }>> = {
  en: () => import("./locales/en.json"),
  "zh-CN": () => import("./locales/zh-CN.json"),
  "zh-TW": () => import("./locales/zh-TW.json"),
};

async function ensureCatalog(language: TWorkLanguage): Promise<void> {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const catalog = await CATALOGS[language]();
  i18next.addResourceBundle(language, "translation", catalog.default, true, true);
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Detects the language, loads its catalog and starts i18next; the app renders once this resolves. */
export async function initI18n(): Promise<typeof i18next> {
  const lng = detectLanguage(readStored(), navigator.languages ?? [navigator.language]);
  const catalog = await CATALOGS[lng]();
  await i18next.use(initReactI18next).init({
    resources: { [lng]: { translation: catalog.default } },
    partialBundledLanguages: true,
    lng,
    // every key exists in all three catalogs (catalogs.test.ts): no fallback language to download
    fallbackLng: false,
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
  await ensureCatalog(language);
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
