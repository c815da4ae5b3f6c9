import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

/** A real handwritten page (IAM); read from the shared data set, never committed. */
const PHOTO = path.join(process.env.OCR_SAMPLES_DIR ?? "/work/shared/datasets/ocr/samples", "en_iam_para_a01-077.png");

/** Closes open toasts and scrolls to the top, so the full-page screenshot shows the page itself. */
async function tidy(page: Page) {
  for (const close of await page.getByTestId("toast").getByRole("button").all()) await close.click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function screen(page: Page, name: string) {
  await tidy(page);
  await saveScreen(page, name);
}

test("teacher sets an assignment, student submits a photo, teacher grades and returns it, student reads the report", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // The student registers first (in English), so the teacher can add them by phone number.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  const student = await registerViaApi(studentPage.request, { role: "student", workLanguage: "en", name: "Li Hua" });
  const teacher = await registerViaApi(page.request, { role: "teacher", workLanguage: "zh-CN", name: "陈老师" });
  expect(teacher.name).toBe("陈老师");

  // ── Teacher (zh-CN): class, student, assignment ──────────────────────────
  await openWithLanguage(page, "zh-CN", "/assignments");
  await expect(page.getByTestId("classes-empty")).toBeVisible();
  await page.getByTestId("new-class").click();
  await page.getByLabel("班级名称").fill("2班");
  await page.getByLabel("年级").selectOption("8");
  await page.getByLabel("科目").fill("英语");
  await page.getByTestId("create-class-submit").click();
  await expect(page.getByTestId("class-panel")).toContainText("2班");
  const joinCode = (await page.getByTestId("join-code").textContent())?.trim() ?? "";
  expect(joinCode).toMatch(/^[A-Z2-9]{6}$/);

  await page.getByLabel("学生手机号").fill(student.phone);
  await page.getByLabel("学号").fill("S-01");
  await page.getByTestId("add-student").click();
  // the teacher learns nothing about the phone: it waits until its owner accepts
  await expect(page.getByTestId("toast").getByText("已添加，学生接受后加入班级")).toBeVisible();
  await expect(page.getByTestId("pending-row")).toContainText(student.phone);
  await expect(page.getByTestId("student-row")).toHaveCount(0);

  await page.getByTestId("new-assignment").click();
  // The title is required: the form says so before anything is sent.
  await page.getByTestId("create-assignment-submit").click();
  await expect(page.getByTestId("toast").getByText("请输入作业标题")).toBeVisible();
  await page.getByLabel("作业标题").fill("新闻报道：选举年");
  // the assignment takes the class's school year; the target follows the level until the topic names a length
  await expect(page.getByLabel("年级")).toHaveValue("8");
  await page.getByLabel("作文题目").fill("Write a short news report on a political event.");
  await page.getByLabel("作文语言").selectOption("en");
  await expect(page.getByLabel("目标字数")).toHaveValue("310");
  await page.getByLabel("作文题目").fill("Write a short news report (about 80 words) on a political event.");
  await expect(page.getByLabel("目标字数")).toHaveValue("80");
  await page.getByLabel("目标字数").fill("80");
  await page.getByLabel("作文语言").selectOption("en");
  await page.getByLabel("截止时间").fill("2030-06-01T18:00");
  await page.getByTestId("create-assignment-submit").click();
  await expect(page.getByTestId("assignment-item")).toContainText("新闻报道：选举年");
  await screen(page, "classes-library-zh-CN");

  // The student dashboard is not the teacher's.
  await page.goto("/student");
  await expect(page.getByTestId("access-denied")).toContainText("访问被拒绝");
  await page.goto("/assignments");

  // ── Student (en): dashboard, submit a photo ─────────────────────────────
  await openWithLanguage(studentPage, "en", "/");
  await expect(studentPage).toHaveURL(/\/student$/);
  // the teacher's addition waits for the student's answer
  const addition = studentPage.getByTestId("class-addition");
  await expect(addition).toContainText("2班");
  await expect(addition).toContainText("陈老师 added you to this class");
  await expect(studentPage.getByTestId("student-class")).toHaveCount(0);
  await screen(studentPage, "student-class-addition-en");
  await addition.getByTestId("accept-addition").click();
  await expect(studentPage.getByTestId("toast").getByText("Joined 2班")).toBeVisible();
  await expect(studentPage.getByTestId("class-additions")).toHaveCount(0);
  await expect(studentPage.getByRole("navigation").getByRole("link", { name: "My dashboard" })).toBeVisible();
  await expect(studentPage.getByRole("navigation").getByRole("link", { name: "Grading System" })).toHaveCount(0);
  await expect(studentPage.getByTestId("student-class")).toContainText("2班");
  const item = studentPage.getByTestId("student-assignment");
  await expect(item).toContainText("新闻报道：选举年");
  await expect(item.getByTestId("state-badge")).toHaveText("Not submitted");
  await screen(studentPage, "student-dashboard-en");

  // New submission: select class, then the assignment, create.
  await studentPage.getByTestId("new-submission").click();
  await studentPage.getByLabel("Select class").selectOption({ label: "2班 · 英语" });
  await studentPage.getByLabel("Select assignment").selectOption({ label: "新闻报道：选举年" });
  await studentPage.getByTestId("create-submission").click();
  await expect(studentPage).toHaveURL(/\/student\/submissions\/[0-9a-f-]{36}$/);
  await expect(studentPage.getByTestId("submission-title")).toHaveText("新闻报道：选举年");
  await studentPage.getByTestId("student-upload-input").setInputFiles(PHOTO);
  await expect(studentPage.getByTestId("submission-photo")).toBeVisible();
  await expect(studentPage.getByTestId("state-badge")).toHaveText("Submitted");
  await screen(studentPage, "student-submission-en");

  // Teacher pages are refused to the student, in the UI and by the API.
  await studentPage.goto("/assignments");
  await expect(studentPage.getByTestId("access-denied")).toContainText("Access Denied");
  expect((await studentPage.request.get("/api/manuscripts")).status()).toBe(403);
  await screen(studentPage, "student-access-denied-en");

  // ── Teacher: open the submission on the grading screen, confirm, graded, release ──
  await page.getByTestId("assignment-item").click();
  await expect(page.getByTestId("assignment-title")).toHaveText("新闻报道：选举年");
  const row = page.getByTestId("submission-row");
  await expect(row).toContainText("Li Hua");
  await row.getByTestId("grade").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("back-to-assignment")).toBeVisible();
  // The student info is filled in from the roster and the topic is the assignment's.
  await expect(page.getByLabel("学生姓名")).toHaveValue("Li Hua");
  await expect(page.getByText("Write a short news report (about 80 words) on a political event.")).toBeVisible();
  const text = page.getByTestId("essay-text");
  await expect(text).not.toHaveValue("", { timeout: 180_000 });
  // The teacher corrects what recognition misread (here: the transcription that ships with the sample).
  await text.fill(fs.readFileSync(PHOTO.replace(/\.png$/, ".txt"), "utf8"));
  await page.getByTestId("confirm-text").click();
  await expect(page.getByTestId("total-score")).toBeVisible({ timeout: 120_000 });
  const score = (await page.getByTestId("total-score").textContent())?.trim() ?? "";
  await screen(page, "classes-grading-zh-CN");

  // Before release the student sees no score.
  await studentPage.goto("/student");
  await expect(studentPage.getByTestId("student-assignment").getByTestId("state-badge")).toHaveText("Submitted");
  await expect(studentPage.getByTestId("student-score")).toHaveCount(0);

  await page.getByTestId("back-to-assignment").click();
  await expect(page.getByTestId("assignment-title")).toHaveText("新闻报道：选举年");
  await page.getByTestId("release").click();
  await expect(page.getByTestId("unrelease")).toBeVisible();
  await expect(page.getByTestId("submission-row")).toContainText("已发布");
  await screen(page, "classes-submissions-zh-CN");

  // ── Student: score and report ───────────────────────────────────────────
  await studentPage.goto("/student");
  await expect(studentPage.getByTestId("student-assignment").getByTestId("state-badge")).toHaveText("Graded");
  await expect(studentPage.getByTestId("student-score")).toContainText(score.replace(/\/.*$/, "").trim());
  await screen(studentPage, "student-dashboard-returned-en");
  await studentPage.getByTestId("open-submission").click();
  await expect(studentPage.getByTestId("report")).toBeVisible();
  await expect(studentPage.getByTestId("report")).toContainText("Li Hua");
  // graded by a teacher who works in Chinese, read by a student who works in English: the comment is in English
  await expect(studentPage.getByTestId("report")).toContainText(
    /\d+\/40 \((Excellent|Good|Pass|Needs improvement|Fail)\)\. Graded as/,
  );
  await expect(studentPage.getByTestId("report")).not.toContainText("本文共");
  // returned: the page no longer says the teacher is marking it
  await expect(
    studentPage.getByText("Your teacher has returned this essay; its pages can no longer change."),
  ).toBeVisible();
  await expect(studentPage.getByText(/is marking/)).toHaveCount(0);
  await screen(studentPage, "student-report-en");
  // the same page in Chinese: returned, not "老师正在批改"
  const me = (await (await studentPage.request.get("/api/auth/me")).json()) as { id: string };
  expect((await studentPage.request.patch(`/api/users/${me.id}`, { data: { workLanguage: "zh-CN" } })).ok()).toBe(true);
  await studentPage.reload();
  await expect(studentPage.getByText("老师已发布批改结果，页面不能再更改。")).toBeVisible();
  await expect(studentPage.getByText(/老师正在批改/)).toHaveCount(0);
  await screen(studentPage, "student-report-zh-CN");
  await studentContext.close();
});

test("a student joins a class with its code on a phone (zh-TW)", async ({ page, browser }) => {
  const teacherContext = await browser.newContext();
  await registerViaApi(teacherContext.request, { role: "teacher", workLanguage: "zh-TW", name: "林老師" });
  const created = await teacherContext.request.post("/api/classes", {
    data: { name: "3班", grade: "七年級", subject: "國文" },
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { id: string; joinCode: string };
  const assignment = await teacherContext.request.post(`/api/classes/${klass.id}/assignments`, {
    data: {
      title: "我的暑假",
      topic: "以「我的暑假」為題，寫一篇約500字的記敘文。",
      targetLength: 500,
      language: "zh-TW",
    },
  });
  expect(assignment.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 760 });
  await registerViaApi(page.request, { role: "student", workLanguage: "zh-TW", name: "陳小明" });
  await openWithLanguage(page, "zh-TW", "/");
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByTestId("no-assignments")).toBeVisible();
  await page.getByLabel("輸入班級碼加入班級").fill(klass.joinCode.toLowerCase());
  await page.getByTestId("join-class").click();
  await expect(page.getByTestId("student-class")).toContainText("3班");
  await expect(page.getByTestId("student-assignment")).toContainText("我的暑假");
  await expect(page.getByTestId("student-assignment").getByTestId("state-badge")).toHaveText("未提交");
  await screen(page, "student-dashboard-zh-TW-375");
  await teacherContext.close();
});
