import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { registerViaApi } from "../support/accounts.ts";
import { readTextInImage } from "../support/read-png.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

const SAMPLES = path.resolve(import.meta.dirname, "../../../shared/datasets/ocr/samples");

const CASES = {
  "zh-CN": {
    photo: "zh_scutept_line_000002.jpg",
    student: { name: "张小明", class: "三年级二班", id: "20260315" },
    typo: "\n同学们都很gao兴。今天我在次来到学校。",
    labels: {
      name: "学生姓名",
      class: "班级",
      id: "学号",
      save: "保存学生信息",
      saved: "记录已保存",
      ocrDone: "OCR 识别完成",
      check: "检查文本",
      confirmed: "文本已确认",
      graded: "批改完成",
      compare: "与识别结果对比",
    },
  },
  en: {
    photo: "en_iam_para_a01-077.png",
    student: { name: "Lily Wang", class: "Grade 8 Class 3", id: "S1024" },
    typo: " Yesterday I recieve teh letter.",
    labels: {
      name: "Student name",
      class: "Class",
      id: "Student ID",
      save: "Save student info",
      saved: "Record saved",
      ocrDone: "OCR completed",
      check: "Check text",
      confirmed: "Text confirmed",
      graded: "Grading completed",
      compare: "Compare with recognition",
    },
  },
} as const;

for (const [language, c] of Object.entries(CASES) as [keyof typeof CASES, (typeof CASES)[keyof typeof CASES]][]) {
  test(`grade a handwritten essay from photo to exported report in ${language}`, async ({ page }) => {
    test.skip(!fs.existsSync(SAMPLES), `handwriting samples not found at ${SAMPLES}`);
    test.setTimeout(240_000);
    await registerViaApi(page.request, { workLanguage: language, name: language === "en" ? "Mr Li" : "李老师" });
    await openWithLanguage(page, language);

    // upload is disabled until the record exists; an incomplete form is refused
    await expect(page.getByTestId("upload-area")).toBeDisabled();
    await page.getByLabel(c.labels.name).fill(c.student.name);
    await page.getByTestId("student-form").getByRole("button", { name: c.labels.save }).click();
    await expect(page.getByTestId("toast")).toHaveAttribute("data-variant", "destructive");
    await page.getByLabel(c.labels.class, { exact: false }).first().fill(c.student.class);
    await page.getByLabel(c.labels.id).fill(c.student.id);
    await page.getByTestId("student-form").getByRole("button", { name: c.labels.save }).click();
    await expect(page.getByTestId("toast")).toContainText(c.labels.saved);
    await expect(page.getByLabel(c.labels.name)).toBeDisabled();
    await expect(page.getByTestId("progress")).toHaveAttribute("data-step", "1");

    // a real handwriting photo: recognition runs in the background and the page follows it
    await page.getByTestId("upload-input").setInputFiles(path.join(SAMPLES, c.photo));
    await expect(page.getByTestId("job-status")).toBeVisible();
    await saveScreen(page, `grading-recognising-${language}`);
    await expect(page.getByTestId("toast")).toContainText(c.labels.ocrDone, { timeout: 120_000 });
    await expect(page.getByTestId("progress")).toHaveAttribute("data-step", "3");
    const editor = page.getByTestId("essay-text");
    await expect(editor).not.toHaveValue("");
    const recognised = await editor.inputValue();
    await saveScreen(page, `grading-confirm-${language}`);

    // smart correction: one suggestion applied into the editor, one dismissed
    await editor.fill(`${recognised}${c.typo}`);
    await page.getByRole("button", { name: c.labels.check }).click();
    const suggestions = page.getByTestId("suggestion");
    await expect(suggestions.first()).toBeVisible({ timeout: 30_000 });
    // the list keeps its order: find the first suggestion that changes the text, and one still open after it
    const count = await suggestions.count();
    let first = -1;
    for (let i = 0; i < count && first < 0; i++) {
      if ((await suggestions.nth(i).getByTestId("suggestion-apply").count()) > 0) first = i;
    }
    expect(first).toBeGreaterThanOrEqual(0);
    await suggestions.nth(first).getByTestId("suggestion-apply").click();
    await expect(suggestions.nth(first)).toHaveAttribute("data-decision", "applied");
    const other = first === 0 ? 1 : 0;
    if (count > 1) {
      await suggestions.nth(other).getByTestId("suggestion-dismiss").click();
      await expect(suggestions.nth(other)).toHaveAttribute("data-decision", "dismissed");
    }
    await saveScreen(page, `grading-suggestions-${language}`);
    await expect(editor).not.toHaveValue(`${recognised}${c.typo}`);
    await page.getByRole("button", { name: c.labels.compare }).click();
    await expect(page.getByTestId("comparison-stats")).toBeVisible();
    await saveScreen(page, `grading-compare-${language}`);

    // confirm: grading starts on its own and the report appears
    await page.getByTestId("confirm-text").click();
    await expect(page.getByTestId("toast")).toContainText(c.labels.confirmed);
    await expect(editor).toBeDisabled();
    await expect(page.getByTestId("grading-result")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("progress")).toHaveAttribute("data-step", "5");
    const score = Number(await page.getByTestId("total-score").textContent());
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(40);
    await expect(page.getByTestId("report")).toContainText(c.student.name);
    await saveScreen(page, `grading-report-${language}`);

    // PNG export: 800 px at scale 2, white background, the student's name readable in it
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-png").click()]);
    expect(download.suggestedFilename()).toContain(c.student.name.replace(/\s/g, "_"));
    expect(download.suggestedFilename()).toContain(c.student.id);
    const file = path.resolve(import.meta.dirname, `../artifacts/screens/report-export-${language}.png`);
    await download.saveAs(file);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(1600);
    const { data } = await sharp(file)
      .extract({ left: 0, top: 0, width: 4, height: 4 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect(await readTextInImage(file)).toContain(c.student.name.replace(/\s/g, ""));

    // the teacher disagrees: their own total replaces the grader's, which stays visible beside it
    const own = score === 30 ? 31 : 30;
    const scoreForm = page.getByTestId("teacher-score-form");
    await scoreForm.getByRole("spinbutton").fill(String(own));
    await scoreForm.getByRole("button").first().click();
    await expect(page.getByTestId("total-score")).toHaveText(String(own));
    await expect(page.getByTestId("machine-score")).toContainText(String(score));
    await saveScreen(page, `grading-teacher-score-${language}`);
  });
}

test("a topic that names its length sets the target the essay is graded against", async ({ page }) => {
  await registerViaApi(page.request, { workLanguage: "en", name: "Ms Chen" });
  await openWithLanguage(page, "en");
  const topic = page.getByRole("textbox", { name: "Essay topic" });
  await topic.fill("Write a letter of 100-120 words to your pen friend about your school.");
  await expect(page.getByText("Target length: about 110 words or characters, as the topic asks")).toBeVisible();
  await page.getByLabel("Student name").fill("Wang Lei");
  await page.getByLabel("Class", { exact: false }).first().fill("Grade 9 Class 2");
  await page.getByLabel("Student ID").fill("S2048");
  await page.getByTestId("student-form").getByRole("button", { name: "Save student info" }).click();
  await expect(page.getByTestId("toast")).toContainText("Record saved");
  // the saved record keeps the target; the topic stays editable until the text is confirmed
  await expect(topic).toHaveValue(/100-120 words/);
  await expect(page.getByText("Target length: about 110 words or characters, as the topic asks")).toBeVisible();
});
