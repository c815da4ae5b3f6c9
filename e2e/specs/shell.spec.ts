import { expect, test } from "@playwright/test";
import { LANGUAGES, openWithLanguage, saveScreen } from "../support/screens.ts";

const TITLES = { "zh-CN": "AI 作文批改", "zh-TW": "AI 作文批改", en: "AI Essay Grading" } as const;
const SUBTITLES = {
  "zh-CN": "手写作文智能批改",
  "zh-TW": "手寫作文智慧批改",
  en: "Handwritten essay grading",
} as const;

for (const language of LANGUAGES) {
  test(`signed-out app loads in ${language}`, async ({ page }) => {
    await openWithLanguage(page, language);
    await expect(page.getByTestId("sign-in")).toBeVisible();
    await expect(page.getByText(SUBTITLES[language])).toBeVisible();
    await expect(page).toHaveTitle(TITLES[language]);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await saveScreen(page, `signed-out-${language}`);
  });
}

test("the browser language decides when nothing is stored", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-HK" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
  await context.close();
});

test("switching language persists selectedLanguage across a reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", /.+/);
  await page.getByTestId("language-selector").click();
  await page.locator('[data-lang="en"]').click();
  await expect(page.getByText(SUBTITLES.en)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("selectedLanguage"))).toBe("en");
  await page.reload();
  await expect(page.getByText(SUBTITLES.en)).toBeVisible();
  await page.getByTestId("language-selector").click();
  await page.locator('[data-lang="zh-TW"]').click();
  await page.reload();
  await expect(page.getByText(SUBTITLES["zh-TW"])).toBeVisible();
});
