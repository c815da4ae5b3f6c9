import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { registerViaApi } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

const DATA = path.resolve(import.meta.dirname, "../../../shared/datasets");

const CASES = {
  "zh-CN": {
    // a grade-3 pupil's composition on 方格 paper
    photo: path.join(DATA, "ocr-classroom/samples/pages/zh_agce_g3_s02_e06_p1.jpg"),
    student: { name: "王小红", class: "三年级一班", id: "20260301" },
    // typed by the teacher as the child wrote it: pinyin for 高, a wrong 得, and a recogniser's look-alike 未 for 末
    added: "\n这个周未我们都很gao兴，我觉的很开心。",
    retype: null,
    pinyin: { original: "gao", fixed: "很高兴" },
    slip: { original: "未", fixed: "周末" },
    kept: { original: "的", inReport: "的→得" },
    labels: {
      name: "学生姓名",
      class: "班级",
      id: "学号",
      save: "保存学生信息",
      ocrDone: "OCR 识别完成",
      check: "检查文本",
    },
  },
  en: {
    photo: path.join(DATA, "ocr/samples/en_iam_para_a01-077.png"),
    student: { name: "Lily Wang", class: "Grade 8 Class 3", id: "S1024" },
    // a recognition slip (a digit inside a word) and the student's own misspelling
    added: " On Sunday we went back to the sch0ol becuase it was sunny.",
    // the page retyped by the teacher where the recogniser failed (the photo is an adult's cursive)
    retype:
      "And, since this is election year in West Germany, Dr. Adenauer is in a tough spot. Joyce Egginton cables: " +
      "President Kennedy at his Washington Press conference admitted he did not know whether America was lagging " +
      "behind Russia in missile power. He said he was waiting for his senior military aides to come up with the " +
      "answer on February 20.",
    pinyin: null,
    slip: { original: "sch0ol", fixed: "the school" },
    // quoted: the report's feedback names it, the essay text alone would not match
    kept: { original: "becuase", inReport: "'becuase'" },
    labels: {
      name: "Student name",
      class: "Class",
      id: "Student ID",
      save: "Save student info",
      ocrDone: "OCR completed",
      check: "Check text",
    },
  },
} as const;

for (const [language, c] of Object.entries(CASES) as [keyof typeof CASES, (typeof CASES)[keyof typeof CASES]][]) {
  test(`text confirmation: doubtful characters, OCR slips fixed, student errors kept for the report (${language})`, async ({
    page,
  }) => {
    test.skip(!fs.existsSync(c.photo), `photo not found at ${c.photo}`);
    test.setTimeout(240_000);
    await registerViaApi(page.request, { workLanguage: language, name: language === "en" ? "Mr Li" : "李老师" });
    await openWithLanguage(page, language);
    await page.getByLabel(c.labels.name).fill(c.student.name);
    await page.getByLabel(c.labels.class, { exact: false }).first().fill(c.student.class);
    await page.getByLabel(c.labels.id).fill(c.student.id);
    await page.getByTestId("student-form").getByRole("button", { name: c.labels.save }).click();
    await page.getByTestId("upload-input").setInputFiles(c.photo);
    await expect(page.getByTestId("toast")).toContainText(c.labels.ocrDone, { timeout: 150_000 });
    const editor = page.getByTestId("essay-text");
    await expect(editor).not.toHaveValue("");

    // the characters the recogniser was unsure of are marked in the text
    const marks = page.getByTestId("doubt-mark");
    await expect(marks.first()).toBeAttached({ timeout: 15_000 });
    const marked = await marks.count();
    expect(marked).toBeGreaterThan(0);
    await expect(page.getByTestId("doubt-summary")).toBeVisible();

    // "next doubtful" opens the first: the photo's crop of its line, its place and the recogniser's other readings
    await page.getByTestId("next-doubt").click();
    const panel = page.getByTestId("doubt-panel");
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("doubt-crop")).toBeVisible();
    await expect(panel.getByTestId("doubt-crop").locator("img")).toHaveJSProperty("complete", true);
    // find one with alternatives by keyboard (Alt+↓ goes to the next doubtful character)
    let withAlternatives = false;
    for (let i = 0; i < marked && !withAlternatives; i++) {
      withAlternatives = (await panel.getByTestId("doubt-alternative").count()) > 0;
      if (!withAlternatives) await editor.press("Alt+ArrowDown");
    }
    await saveScreen(page, `correction-doubt-${language}`);
    if (withAlternatives) {
      // picking the next best reading replaces the character: a typed character is no longer doubtful
      const before = await editor.inputValue();
      const pick = (await panel.getByTestId("doubt-alternative").first().locator("span").first().textContent()) ?? "";
      await panel.getByTestId("doubt-alternative").first().click();
      await expect(editor).not.toHaveValue(before);
      expect(await editor.inputValue()).toContain(pick);
      await expect(marks).toHaveCount(marked - 1);
    }
    // accepting the reading by keyboard removes its mark as well
    const left = await marks.count();
    if (left > 0) {
      await editor.focus();
      await editor.press("Alt+ArrowDown");
      await expect(panel).toBeVisible();
      await editor.press("Alt+Enter");
      await expect(marks).toHaveCount(left - 1);
    }

    // the teacher types what the photo shows further down, then checks the text
    const recognised = await editor.inputValue();
    const stillMarked = await marks.count();
    await editor.fill(`${recognised}${c.added}`);
    // the marks of the characters left as they were stay
    await expect(marks).toHaveCount(stillMarked);
    if (c.retype) {
      // where the teacher retyped a line the marks go; only stretches the recogniser read as they stand keep theirs
      await editor.fill(`${c.retype}${c.added}`);
      await expect.poll(() => marks.count()).toBeLessThan(stillMarked);
    }
    await page.getByRole("button", { name: c.labels.check }).click();
    const suggestions = page.getByTestId("suggestion");
    await expect(suggestions.first()).toBeVisible({ timeout: 30_000 });

    // every suggestion shows its kind, the reason for it and a confidence
    const slip = suggestions.filter({ has: page.locator(`span.line-through:text-is("${c.slip.original}")`) }).last();
    await expect(slip).toHaveAttribute("data-kind", "ocr");
    await expect(slip.getByTestId("suggestion-evidence")).toBeVisible();
    const kept = suggestions.filter({ has: page.locator(`span.line-through:text-is("${c.kept.original}")`) }).last();
    await expect(kept).toHaveAttribute("data-kind", "student");
    await expect(kept.getByTestId("suggestion-evidence")).toBeVisible();
    if (c.pinyin) {
      const pinyin = suggestions.filter({ has: page.locator(`span.line-through:text-is("${c.pinyin.original}")`) });
      await expect(pinyin).toHaveAttribute("data-rule", "pinyin");
      await pinyin.getByTestId("suggestion-apply").click();
      await expect(pinyin).toHaveAttribute("data-decision", "applied");
      await expect(editor).toHaveValue(new RegExp(c.pinyin.fixed));
    }
    // the OCR slip is fixed in the text; the student's error stays there
    await slip.getByTestId("suggestion-apply").click();
    await expect(slip).toHaveAttribute("data-decision", "applied");
    await expect(editor).toHaveValue(new RegExp(c.slip.fixed));
    await expect(kept).toHaveAttribute("data-decision", "pending");
    expect(await editor.inputValue()).toContain(c.kept.original);
    await saveScreen(page, `correction-suggestions-${language}`);

    // confirmed and graded: the student's error the teacher kept is in the report
    await page.getByTestId("confirm-text").click();
    await expect(page.getByTestId("grading-result")).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId("report")).toContainText(c.kept.inReport);
    await saveScreen(page, `correction-report-${language}`);
  });
}
