import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { registerViaApi } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

/** Details of the screens found in issue 18, checked in both interface languages the school uses most. */
const TEXT = {
  "zh-CN": {
    phone: "手机号",
    next: "下一步",
    password: "密码",
    login: "登录",
    code: "验证码",
    codeError: "验证码错误",
    codeErrorDesc: "请输入正确的验证码",
    name: "学生姓名",
    class: "班级",
    id: "学号",
    save: "保存学生信息",
    saved: "记录已保存",
    uploadFailed: "上传失败",
    ocrDone: "OCR 识别完成",
    noText: "未识别到文字",
  },
  en: {
    phone: "Phone number",
    next: "Next",
    password: "Password",
    login: "Sign in",
    code: "Verification code",
    codeError: "Verification Code Error",
    codeErrorDesc: "Please enter the correct verification code",
    name: "Student name",
    class: "Class",
    id: "Student ID",
    save: "Save student info",
    saved: "Record saved",
    uploadFailed: "Upload Failed",
    ocrDone: "OCR completed",
    noText: "No text was recognised",
  },
} as const;

/** Waits for the toast titled `title` and returns its title and description. */
async function toastParts(page: Page, title: string) {
  const shown = page.getByTestId("toast");
  await expect(shown.getByTestId("toast-title")).toHaveText(title);
  const description = (await shown.getByTestId("toast-description").textContent())?.trim() ?? "";
  return { title, description };
}

for (const language of ["zh-CN", "en"] as const) {
  const text = TEXT[language];

  test(`sign-in: the dial code stays on one line, +1 signs in, a wrong code is said once (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // an invitee from North America (+1) in English, a mainland one in Chinese
    const dialCode = language === "en" ? "+1" : "+86";
    const other = await browser.newContext({ baseURL });
    const user = await registerViaApi(other.request, { workLanguage: language, name: "Chen", dialCode });
    await other.close();
    await openWithLanguage(page, language);

    const country = page.getByTestId("phone-country");
    const phoneField = page.getByLabel(text.phone);
    await expect(country).toHaveValue("CN");
    // "🇨🇳 +86" on one line: as tall as the number field beside it, and nothing cut off
    const [box, field] = [await country.boundingBox(), await phoneField.boundingBox()];
    expect(box && field && Math.abs(box.height - field.height) < 2).toBe(true);
    expect(await country.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    if (dialCode === "+1") await country.selectOption("US");
    await phoneField.fill(user.phone);
    await saveScreen(page, `signin-dial-code-${language}`);
    await page.getByRole("button", { name: text.next }).click();
    await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "password");

    // a wrong sign-in code: "code error" once, then what to do
    await page.getByTestId("use-code").click();
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("send-code")).toBeDisabled();
    await page.getByLabel(text.code).fill("000000");
    await page.getByRole("button", { name: text.login, exact: true }).click();
    const wrong = await toastParts(page, text.codeError);
    expect(wrong).toEqual({ title: text.codeError, description: text.codeErrorDesc });
    await saveScreen(page, `signin-wrong-code-${language}`);

    // back to the password: the +1 account signs in with it
    await page.getByRole("button", { name: language === "en" ? "Back" : "返回" }).click();
    await expect(page.getByTestId("sign-in")).toHaveAttribute("data-step", "password");
    await page.getByLabel(text.password, { exact: true }).fill(user.password);
    await page.getByRole("button", { name: text.login, exact: true }).click();
    await expect(page.getByTestId("user-name")).toHaveText("Chen");
  });

  test(`grading screen: a refused photo says "upload failed" once; a blank page gets the tip, no green toast (${language})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await registerViaApi(page.request, { workLanguage: language, name: "Wang" });
    await openWithLanguage(page, language);
    await page.getByLabel(text.name).fill("Li Hua");
    await page.getByLabel(text.class, { exact: false }).first().fill("3-2");
    await page.getByLabel(text.id).fill("S-1");
    await page.getByTestId("student-form").getByRole("button", { name: text.save }).click();
    await expect(page.getByTestId("toast")).toContainText(text.saved);

    // named and typed as a PNG, but not an image: the server refuses it by its content
    await page.getByTestId("upload-input").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("these are my notes, not a photo"),
    });
    const refused = await toastParts(page, text.uploadFailed);
    expect(refused.description).toMatch(/^notes\.png: /);
    expect(refused.description.toLowerCase()).not.toContain(text.uploadFailed.toLowerCase());
    await saveScreen(page, `grading-upload-refused-${language}`);

    // a photo with nothing written on it: recognition ends with no text, and the screen says only that
    const blank = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    await page.getByTestId("upload-input").setInputFiles({ name: "page.png", mimeType: "image/png", buffer: blank });
    await expect(page.getByTestId("empty-ocr-tip")).toContainText(text.noText, { timeout: 120_000 });
    await expect(page.getByTestId("toast").filter({ hasText: text.ocrDone })).toHaveCount(0);
    await saveScreen(page, `grading-no-text-${language}`);
  });
}
