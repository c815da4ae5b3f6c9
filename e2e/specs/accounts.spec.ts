import { expect, test } from "@playwright/test";
import { codeFrom, codeFromOutbox, inviteViaCli, randomPhone, registerViaApi } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

test("register with an invitation in zh-CN, set the first password, sign in again in en", async ({ page }) => {
  const phone = randomPhone();
  const { code } = inviteViaCli(`+86${phone}`);
  const newPassword = "Essay#2026ok";
  await openWithLanguage(page, "zh-CN");

  // phone step: a malformed number is refused with the spec's toast
  await page.getByLabel("手机号").fill("12345");
  await saveScreen(page, "signin-phone-zh-CN");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByTestId("toast")).toContainText("请输入有效的中国大陆手机号");
  await page.getByLabel("手机号").fill(phone);
  await page.getByRole("button", { name: "下一步" }).click();

  // invitation-code step (unknown phone → registration)
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "invitation-code");
  await page.getByLabel("邀请码").fill(code.toLowerCase());
  await saveScreen(page, "signin-invitation-zh-CN");
  const smsCode = await codeFrom(page, "/api/auth/send-verification-code", () =>
    page.getByRole("button", { name: "验证邀请码" }).click(),
  );
  await expect(page.getByTestId("toast")).toContainText(smsCode);

  // verify-phone step: a wrong code first
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "verify-phone");
  await page.getByLabel("验证码").fill(smsCode === "111111" ? "222222" : "111111");
  await page.getByRole("button", { name: "验证", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("验证码错误");
  await page.getByLabel("验证码").fill(smsCode);
  await saveScreen(page, "signin-verify-zh-CN");
  await page.getByRole("button", { name: "验证", exact: true }).click();

  // personal-info step
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "personal-info");
  await page.getByLabel("姓名").fill("李");
  await page.getByRole("button", { name: "注册" }).click();
  await expect(page.getByTestId("toast")).toContainText("请输入有效的姓名");
  await page.getByLabel("姓名").fill("李老师");
  await page.getByLabel("学校").fill("实验小学");
  // the role is the inviter's choice, shown rather than asked
  await expect(page.getByTestId("invited-role")).toContainText("教师");
  await saveScreen(page, "signin-info-zh-CN");
  await page.getByRole("button", { name: "注册" }).click();

  // 0.5 s later: the password tab, with a toast to set the password; nothing else is open until then
  await expect(page).toHaveURL(/\/profile\?tab=password$/);
  await expect(page.getByTestId("toast")).toContainText("请立即设置密码");
  await expect(page.getByTestId("default-password-warning")).toContainText("还没有密码");
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByLabel("当前密码")).toHaveCount(0);
  await saveScreen(page, "password-tab-zh-CN");
  await page.goto("/invitations");
  await expect(page).toHaveURL(/\/profile\?tab=password$/);

  // checks in the spec's order: mismatch, then strength
  await page.getByLabel("新密码", { exact: true }).fill("abcdefgh");
  await page.getByLabel("确认新密码").fill("abcdefgX");
  await page.getByRole("button", { name: "设置密码" }).last().click();
  await expect(page.getByTestId("toast")).toContainText("两次输入的密码不一致");
  await page.getByLabel("确认新密码").fill("abcdefgh");
  await page.getByRole("button", { name: "设置密码" }).last().click();
  await expect(page.getByTestId("toast")).toContainText("密码不够安全");
  await page.getByLabel("新密码", { exact: true }).fill(newPassword);
  await page.getByLabel("确认新密码").fill(newPassword);
  await page.getByRole("button", { name: "设置密码" }).last().click();
  await expect(page.getByTestId("toast")).toContainText("密码修改成功");
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

  // sign out: the stored language is cleared, the sign-in screen returns
  await page.getByRole("button", { name: "退出登录" }).click();
  await expect(page.getByTestId("sign-in")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("selectedLanguage"))).toBeNull();

  // sign in with the new password in English
  await page.getByTestId("language-selector").click();
  await page.locator('[data-lang="en"]').click();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "password");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("at least 8 characters");
  await page.getByLabel("Password").fill(newPassword);
  await saveScreen(page, "signin-password-en");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Grading System" })).toBeVisible();
  await expect(page.getByTestId("user-name")).toHaveText("李老师");
});

test("back buttons walk the sign-in steps backwards", async ({ page }) => {
  const phone = randomPhone();
  inviteViaCli(`+86${phone}`);
  await openWithLanguage(page, "en");
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "invitation-code");
  await page.getByLabel("Invitation code").fill("ABC");
  await page.getByRole("button", { name: "Verify invitation" }).click();
  await expect(page.getByTestId("toast")).toContainText("valid 8-digit invitation code");
  await saveScreen(page, "signin-invitation-en");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "phone");
  await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
});

test("an invitee from Hong Kong resets a forgotten password by SMS code, then signs in by code (zh-TW)", async ({
  page,
  browser,
  baseURL,
}) => {
  const other = await browser.newContext({ baseURL });
  const user = await registerViaApi(other.request, { workLanguage: "zh-TW", name: "陳老師", dialCode: "+852" });
  await other.close();
  await openWithLanguage(page, "zh-TW");

  // the dial code sits on one line beside the number, and +852 takes an 8-digit number
  const country = page.getByTestId("phone-country");
  const phoneField = page.getByLabel("手機號碼");
  const [box, field] = [await country.boundingBox(), await phoneField.boundingBox()];
  expect(box && field && Math.abs(box.height - field.height) < 2).toBe(true);
  await country.selectOption("HK");
  await phoneField.fill(user.phone);
  await saveScreen(page, "signin-phone-hk-zh-TW");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "password");

  // forgotten password: a code (never shown on screen), a new password, signed in
  await page.getByTestId("forgot-password").click();
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "reset");
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("toast")).toContainText("sms-outbox");
  const resetCode = codeFromOutbox(user.fullPhone, "reset");
  await page.getByLabel("驗證碼").fill(resetCode);
  await page.getByLabel("新密碼", { exact: true }).fill("Another#pass7");
  await page.getByLabel("確認新密碼").fill("Another#pass7");
  await saveScreen(page, "signin-reset-zh-TW");
  await page.getByRole("button", { name: "重設密碼並登入" }).click();
  await expect(page.getByTestId("toast")).toContainText("密碼已重設");
  await expect(page.getByTestId("user-name")).toHaveText("陳老師");

  // signed out, then in again with a code instead of the password
  await page.getByRole("button", { name: "登出" }).click();
  await page.getByTestId("phone-country").selectOption("HK");
  await page.getByLabel("手機號碼").fill(user.phone);
  await page.getByRole("button", { name: "下一步" }).click();
  await page.getByTestId("use-code").click();
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "code");
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("send-code")).toBeDisabled();
  await page.getByLabel("驗證碼").fill(codeFromOutbox(user.fullPhone, "login"));
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page.getByTestId("user-name")).toHaveText("陳老師");
});
