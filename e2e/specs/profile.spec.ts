import { expect, test } from "@playwright/test";
import { codeFrom, randomPhone, registerViaApi } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

test("change the phone number through both verification steps", async ({ page }) => {
  const user = await registerViaApi(page.request, { workLanguage: "en", name: "Ms Chen" });
  await openWithLanguage(page, "en", "/profile");
  await expect(page.getByTestId("profile-view")).toContainText(user.fullPhone);
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("button", { name: "Change phone" })).toBeEnabled();

  // the same number is refused
  await page.getByRole("button", { name: "Change phone" }).click();
  await expect(page.getByTestId("toast")).toContainText("Phone number unchanged");

  const newPhone = randomPhone();
  await page.getByLabel("Phone number *").fill(newPhone);
  const oldCode = await codeFrom(page, "/api/auth/verify-old-phone", () =>
    page.getByRole("button", { name: "Change phone" }).click(),
  );
  await expect(page.getByTestId("profile-save")).toBeDisabled();
  await expect(page.getByTestId("profile-save")).toHaveText("Verifying…");
  const oldField = page.getByLabel(/Code sent to your current phone/);
  await expect(page.getByRole("button", { name: "Verify current phone" })).toBeDisabled();
  await oldField.fill(oldCode === "000000" ? "000001" : "000000");
  await page.getByRole("button", { name: "Verify current phone" }).click();
  // said once: the title names the error, the description what to do
  await expect(page.getByTestId("toast-title")).toHaveText("Verification Code Error");
  await expect(page.getByTestId("toast-description")).toHaveText("Please enter the correct verification code");
  await oldField.fill(oldCode);
  await saveScreen(page, "profile-verify-old-en");
  const newCode = await codeFrom(page, "/api/auth/verify-new-phone", () =>
    page.getByRole("button", { name: "Verify current phone" }).click(),
  );
  await page.getByLabel(/Code sent to your new phone/).fill(newCode);
  await page.getByRole("button", { name: "Verify new phone" }).click();
  await expect(page.getByText("New phone verified. Save your profile to finish.")).toBeVisible();
  await expect(page.getByTestId("profile-save")).toBeEnabled();
  await saveScreen(page, "profile-phone-verified-en");
  await page.getByTestId("profile-save").click();
  await expect(page.getByTestId("toast")).toContainText("Profile updated");
  await expect(page.getByTestId("profile-view")).toContainText(`+86${newPhone}`);
});

test("cancelling a phone change restores the saved number", async ({ page }) => {
  const user = await registerViaApi(page.request, { workLanguage: "zh-TW" });
  await openWithLanguage(page, "zh-TW", "/profile");
  await page.getByRole("button", { name: "編輯" }).click();
  await page.getByLabel("手機號碼 *").fill(randomPhone());
  await page.getByRole("button", { name: "更換手機號碼" }).click();
  await expect(page.getByRole("button", { name: "驗證原手機號碼" })).toBeVisible();
  await saveScreen(page, "profile-edit-zh-TW");
  await page.getByRole("button", { name: "取消更換" }).click();
  await expect(page.getByLabel("手機號碼 *")).toHaveValue(user.phone);
  await page.getByRole("button", { name: "取消" }).click();
  await expect(page.getByTestId("profile-view")).toContainText(user.fullPhone);
});
