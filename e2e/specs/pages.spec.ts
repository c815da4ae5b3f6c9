import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { registerViaApi } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

const CLASSROOM = path.resolve(import.meta.dirname, "../../../shared/datasets/ocr-classroom");

/** The first essay of the real classroom set with three page photos, in reading order. */
function threePageEssay(): string[] | null {
  const manifest = path.join(CLASSROOM, "manifest.json");
  if (!fs.existsSync(manifest)) return null;
  const essays = JSON.parse(fs.readFileSync(manifest, "utf8")) as { page_images: string[] }[];
  const essay = essays.find((e) => e.page_images.length === 3);
  return essay ? essay.page_images.map((p) => path.join(CLASSROOM, p)) : null;
}

const CASES = {
  "zh-CN": {
    student: { name: "王小红", class: "三年级一班", id: "20260901" },
    labels: {
      name: "学生姓名",
      class: "班级",
      id: "学号",
      save: "保存学生信息",
      saved: "记录已保存",
      ocrDone: "OCR 识别完成",
      confirmed: "文本已确认",
      moveEarlier: "将第 2 页前移",
      afterPage1: "放在第 1 页之后",
      pagesLabel: "页数",
    },
    progress: (page: number, total: number) => `第 ${page} 页，共 ${total} 页`,
    edit: "（教师已校对）",
  },
  en: {
    student: { name: "Amy Li", class: "Grade 3 Class 1", id: "S3011" },
    labels: {
      name: "Student name",
      class: "Class",
      id: "Student ID",
      save: "Save student info",
      saved: "Record saved",
      ocrDone: "OCR completed",
      confirmed: "Text confirmed",
      moveEarlier: "Move page 2 earlier",
      afterPage1: "After page 1",
      pagesLabel: "Pages",
    },
    progress: (page: number, total: number) => `page ${page} of ${total}`,
    edit: " [checked by the teacher]",
  },
} as const;

/** Heights of the manuscript's stored pages, in reading order (the photos are stored at their own size). */
async function pageHeights(page: Page, id: string): Promise<number[]> {
  const res = await page.request.get(`/api/manuscripts/${id}`);
  const body = (await res.json()) as { pages: { height: number }[] };
  return body.pages.map((p) => p.height);
}

for (const [language, c] of Object.entries(CASES) as [keyof typeof CASES, (typeof CASES)[keyof typeof CASES]][]) {
  test(`a three-page essay: pages added, moved, read page by page, a forgotten page added, graded (${language})`, async ({
    page,
  }) => {
    const photos = threePageEssay();
    test.skip(!photos, `ocr-classroom essays not found at ${CLASSROOM}`);
    if (!photos) return;
    test.setTimeout(300_000);
    const [p1, p2, p3] = photos as [string, string, string];
    const height = async (file: string) => (await sharp(file).metadata()).height;
    const [h1, h2, h3] = [await height(p1), await height(p2), await height(p3)];

    await registerViaApi(page.request, { workLanguage: language, name: language === "en" ? "Ms Zhou" : "周老师" });
    await openWithLanguage(page, language);
    await page.getByLabel(c.labels.name).fill(c.student.name);
    await page.getByLabel(c.labels.class, { exact: false }).first().fill(c.student.class);
    await page.getByLabel(c.labels.id).fill(c.student.id);
    await page.getByTestId("student-form").getByRole("button", { name: c.labels.save }).click();
    await expect(page.getByTestId("toast")).toContainText(c.labels.saved);
    const id = await page.evaluate(() => sessionStorage.getItem("currentManuscriptId"));
    if (!id) throw new Error("no manuscript id");

    // two photos picked at once, the last page first (page 2 forgotten for now)
    await page.getByTestId("upload-input").setInputFiles([p3, p1]);
    await expect(page.getByTestId("page-thumb")).toHaveCount(2);
    // one page moved: the first page goes first
    await page.getByRole("button", { name: c.labels.moveEarlier }).click();
    await expect.poll(() => pageHeights(page, id)).toEqual([h1, h3]);
    // recognised page by page, with the page on screen
    await expect(page.getByTestId("job-label")).toContainText(new RegExp(`${c.progress(1, 2)}|${c.progress(2, 2)}`), {
      timeout: 120_000,
    });
    await saveScreen(page, `pages-recognising-${language}`);
    await expect(page.getByTestId("toast")).toContainText(c.labels.ocrDone, { timeout: 120_000 });
    await expect(page.getByTestId("progress")).toHaveAttribute("data-step", "3");
    const sections = page.getByTestId("page-section");
    await expect(sections).toHaveCount(2);
    const editors = page.getByTestId("essay-text");
    for (let i = 0; i < 2; i++) await expect(editors.nth(i)).not.toHaveValue("");
    const firstPage = await editors.nth(0).inputValue();
    const lastPage = await editors.nth(1).inputValue();
    // the teacher corrects page 1
    await editors.nth(0).fill(`${firstPage}${c.edit}`);

    // the forgotten page, added after recognition: the teacher is asked where it belongs
    await page.getByTestId("upload-input").setInputFiles([p2]);
    const place = page.getByTestId("place-pages");
    await expect(place).toBeVisible();
    await place.getByText(c.labels.afterPage1).click();
    await saveScreen(page, `pages-place-${language}`);
    await page.getByTestId("place-pages-confirm").click();
    await expect.poll(() => pageHeights(page, id)).toEqual([h1, h2, h3]);
    await expect(page.getByTestId("job-label")).toContainText(c.progress(2, 3), { timeout: 120_000 });
    await saveScreen(page, `pages-forgotten-page-${language}`);
    await expect(page.getByTestId("toast")).toContainText(c.labels.ocrDone, { timeout: 120_000 });
    await expect(sections).toHaveCount(3);
    await expect(page.getByTestId("page-break").nth(1)).toContainText(c.progress(2, 3).replace(/^page/, "Page"));
    // the correction on page 1 and page 3's text stay; the new page's text sits at page 2
    await expect(editors.nth(0)).toHaveValue(`${firstPage}${c.edit}`);
    await expect(editors.nth(1)).not.toHaveValue("");
    await expect(editors.nth(2)).toHaveValue(lastPage);
    await expect(page.getByTestId("page-thumb")).toHaveCount(3);
    await expect(page.getByTestId("page-thumb").nth(1)).toHaveAttribute("data-state", "read");

    // each page's photo beside its text, click to enlarge
    await sections.nth(1).getByTestId("original-image").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await saveScreen(page, `pages-enlarged-${language}`);
    await page.keyboard.press("Escape");
    await saveScreen(page, `pages-confirm-${language}`);

    // confirmed and graded: the report shows the text page by page
    await page.getByTestId("confirm-text").click();
    await expect(page.getByTestId("toast")).toContainText(c.labels.confirmed);
    await expect(page.getByTestId("grading-result")).toBeVisible({ timeout: 90_000 });
    const report = page.getByTestId("report");
    await expect(report).toContainText(c.labels.pagesLabel);
    await expect(report.getByTestId("report-pages")).toContainText(c.edit.trim());
    await expect(report.getByTestId("report-pages")).toContainText(c.progress(3, 3).replace(/^page/, "Page"));
    await saveScreen(page, `pages-report-${language}`);
    // the PNG export keeps the spec's format
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-png").click()]);
    const file = path.resolve(import.meta.dirname, `../artifacts/screens/pages-report-export-${language}.png`);
    await download.saveAs(file);
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width]).toEqual(["png", 1600]);
    // pages are locked now
    await expect(page.getByRole("button", { name: c.labels.moveEarlier })).toHaveCount(0);
  });
}
