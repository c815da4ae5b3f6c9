import { expect, test } from "@playwright/test";
import { randomPhone, registerViaApi } from "../support/accounts.ts";
import { LANGUAGES, openWithLanguage, saveScreen } from "../support/screens.ts";

const TEXT = {
  "zh-CN": {
    empty: "暂无邀请码",
    create: "创建邀请码",
    phone: "手机号",
    copied: "邀请码已复制",
    deleted: "邀请码已删除",
    confirm: "删除发给 +86{{phone}} 的邀请？邀请码将失效。",
    available: "可用",
    disabled: "已停用",
    date: /\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}/,
  },
  "zh-TW": {
    empty: "尚無邀請碼",
    create: "建立邀請碼",
    phone: "手機號碼",
    copied: "邀請碼已複製",
    deleted: "邀請碼已刪除",
    confirm: "刪除發給 +86{{phone}} 的邀請？邀請碼將失效。",
    available: "可用",
    disabled: "已停用",
    date: /\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}/,
  },
  en: {
    empty: "No invitation codes yet",
    create: "Create invitation",
    phone: "Phone number",
    copied: "Invitation code copied",
    deleted: "Invitation deleted",
    confirm: "Delete the invitation for +86{{phone}}? Its code stops working.",
    available: "Available",
    disabled: "Disabled",
    date: /[A-Z][a-z]{2} \d{1,2}, \d{4}/,
  },
} as const;

for (const language of LANGUAGES) {
  test(`create, copy and delete an invitation in ${language}`, async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await registerViaApi(page.request, { workLanguage: language });
    const text = TEXT[language];
    await openWithLanguage(page, language, "/invitations");
    await expect(page.getByTestId("invitations-empty")).toContainText(text.empty);
    await saveScreen(page, `invitations-empty-${language}`);

    await page.getByTestId("create-invitation").click();
    await page.getByLabel(text.phone).fill("123");
    await page.getByRole("dialog").getByRole("button", { name: text.create }).click();
    await expect(page.getByTestId("toast")).toBeVisible();
    const invitee = randomPhone();
    await page.getByLabel(text.phone).fill(invitee);
    await saveScreen(page, `invitations-dialog-${language}`);
    await page.getByRole("dialog").getByRole("button", { name: text.create }).click();

    const card = page.getByTestId("invitation-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`+86${invitee}`);
    await expect(card.locator("[data-badge]")).toHaveText(text.available);
    await expect(card).toContainText(text.date);
    await expect(card).toContainText("0/1");
    const code = await card.getAttribute("data-code");
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    await card.getByRole("button", { name: /copy|复制|複製/i }).click();
    await expect(page.getByTestId("toast")).toContainText(text.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await saveScreen(page, `invitations-list-${language}`);

    // deleting asks first: dismissed, the code stays available; confirmed, it is deactivated
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await card.getByTestId("delete-invitation").click();
    expect(asked).toEqual([text.confirm.replace("{{phone}}", invitee)]);
    await expect(card.locator("[data-badge]")).toHaveText(text.available);
    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByTestId("delete-invitation").click();
    await expect(page.getByTestId("toast")).toContainText(text.deleted);
    await expect(card.locator("[data-badge]")).toHaveText(text.disabled);
  });
}

test("a signed-out visitor of /invitations sees the login-required card and is sent home", async ({ page }) => {
  await openWithLanguage(page, "en", "/invitations");
  await expect(page.getByTestId("login-required")).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("Login required");
  await saveScreen(page, "invitations-login-required-en");
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
  await expect(page.getByTestId("sign-in")).toBeVisible();
});
