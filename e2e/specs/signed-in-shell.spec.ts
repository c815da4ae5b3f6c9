import { expect, test } from "@playwright/test";
import { registerViaApi } from "../support/accounts.ts";
import { LANGUAGES, openWithLanguage, saveScreen } from "../support/screens.ts";

const NAV = {
  "zh-CN": ["批改系统", "邀请管理", "作业库", "评分标准", "报告"],
  "zh-TW": ["批改系統", "邀請管理", "作業庫", "評分標準", "報告"],
  en: ["Grading System", "Invitation Management", "Assignment Library", "Grading Criteria", "Reports"],
} as const;
const NOT_FOUND = { "zh-CN": "404 页面未找到", "zh-TW": "404 頁面未找到", en: "404 Page Not Found" } as const;
const IN_DEVELOPMENT = { "zh-CN": "功能开发中", "zh-TW": "功能開發中", en: "In development" } as const;

for (const language of LANGUAGES) {
  test(`signed-in shell, placeholders and 404 in ${language}`, async ({ page }) => {
    await registerViaApi(page.request, { workLanguage: language, name: "王老师" });
    await openWithLanguage(page, language);
    const nav = page.getByRole("navigation");
    for (const label of NAV[language]) await expect(nav.getByRole("link", { name: label })).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText("王老师");
    await saveScreen(page, `home-${language}`);

    await nav.getByRole("link", { name: NAV[language][3] }).click();
    await expect(page).toHaveURL(/\/criteria$/);
    await expect(page.getByText(IN_DEVELOPMENT[language])).toBeVisible();
    await saveScreen(page, `placeholder-${language}`);

    await page.goto("/no/such/page");
    await expect(page.getByTestId("not-found")).toContainText(NOT_FOUND[language]);
    await saveScreen(page, `not-found-${language}`);
  });
}

test("at 375 px the nav collapses into a menu that shows the current tab", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await registerViaApi(page.request, { workLanguage: "en" });
  await openWithLanguage(page, "en", "/criteria");
  const trigger = page.getByTestId("nav-menu-trigger");
  await expect(trigger).toBeVisible();
  await expect(trigger).toContainText("Grading Criteria");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Reports" })).toBeHidden();
  await expect(page.getByTestId("language-selector")).toContainText("en");
  await expect(page.getByTestId("language-name")).toBeHidden();
  await saveScreen(page, "nav-collapsed-en");
  await trigger.click();
  await page.getByRole("menuitem", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(trigger).toContainText("Reports");
  await trigger.click();
  await saveScreen(page, "nav-menu-open-en");
});
