import { expect, test } from "@playwright/test";
import { codeFrom, inviteViaCli, randomPhone } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

test("register with an invitation in zh-CN, change the default password, sign in again in en", async ({ page }) => {
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
  await page.getByText("教师", { exact: true }).click();
  await saveScreen(page, "signin-info-zh-CN");
  await page.getByRole("button", { name: "注册" }).click();

  // 0.5 s later: the personal centre, with a toast urging a password change
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("toast")).toContainText("请立即修改密码");
  await expect(page.getByTestId("profile-view")).toContainText(`+86${phone}`);
  await saveScreen(page, "profile-zh-CN");
  await page.getByRole("tab", { name: "修改密码" }).click();
  await expect(page.getByTestId("default-password-warning")).toBeVisible();
  await saveScreen(page, "password-tab-zh-CN");

  // checks in the spec's order: mismatch, then strength
  await page.getByLabel("当前密码").fill(phone.slice(-8));
  await page.getByLabel("新密码", { exact: true }).fill("abcdefgh");
  await page.getByLabel("确认新密码").fill("abcdefgX");
  await page.getByRole("button", { name: "修改密码" }).last().click();
  await expect(page.getByTestId("toast")).toContainText("两次输入的密码不一致");
  await page.getByLabel("确认新密码").fill("abcdefgh");
  await page.getByRole("button", { name: "修改密码" }).last().click();
  await expect(page.getByTestId("toast")).toContainText("密码不够安全");
  await page.getByLabel("新密码", { exact: true }).fill(newPassword);
  await page.getByLabel("确认新密码").fill(newPassword);
  await page.getByRole("button", { name: "修改密码" }).last().click();
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
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toContainText("at least 8 characters");
  await page.getByLabel("Password").fill(newPassword);
  await saveScreen(page, "signin-password-en");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Grading System" })).toBeVisible();
  await expect(page.getByTestId("user-name")).toHaveText("李老师");
});

test("back buttons walk the sign-in steps backwards", async ({ page }) => {
  await openWithLanguage(page, "en");
  await page.getByLabel("Phone number").fill(randomPhone());
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
