import { expect, test } from "@playwright/test";
import { registerViaApi } from "../support/accounts.ts";
import { blankPhoto, confirmAndGrade } from "../support/essays.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

// Written for this test: a first short essay and a longer, better one later in the term.
const FIRST = "星期天我去公园。我放风筝。风筝飞起来了。我很开心。";
const LATER =
  "星期天，妈妈带我去公园放风筝。我的风筝是一只漂亮的蝴蝶，有红色的翅膀和长长的尾巴。刚开始，风筝怎么也飞不起来，我急得满头大汗。妈妈笑着说：“别着急，你要逆着风跑。”我按照妈妈说的，拉着线使劲往前跑。风筝慢慢地升起来了，越飞越高，像一只真的蝴蝶在蓝天上跳舞。我高兴得又蹦又跳，大声喊：“妈妈，快看！我的风筝飞起来啦！”太阳落山的时候，我们才依依不舍地回家。这一天我玩得非常开心。";

test("zh-CN: a student sees their returned reports per class with their own trend", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const teacherContext = await browser.newContext();
  const teacher = teacherContext.request;
  await registerViaApi(teacher, { role: "teacher", workLanguage: "zh-CN", name: "林老师" });
  const klass = (await (
    await teacher.post("/api/classes", { data: { name: "三年级二班", grade: "三年级", subject: "语文" } })
  ).json()) as { id: string; joinCode: string };
  const tasks: { id: string }[] = [];
  for (const title of ["第一单元习作", "第二单元习作", "第三单元习作"]) {
    const res = await teacher.post(`/api/classes/${klass.id}/assignments`, {
      data: { title, topic: "放风筝", language: "zh-CN" },
    });
    expect(res.status()).toBe(201);
    tasks.push((await res.json()) as { id: string });
  }

  await registerViaApi(page.request, { role: "student", workLanguage: "zh-CN", name: "李小雨" });
  expect((await page.request.post("/api/student/classes/join", { data: { code: klass.joinCode } })).ok()).toBe(true);
  await openWithLanguage(page, "zh-CN", "/student");
  await expect(page.getByTestId("history-empty")).toHaveText("还没有发回的报告。老师发回批改好的作文后会显示在这里。");

  // two essays graded and returned, a third graded but not returned yet
  const scores: number[] = [];
  for (const [i, text] of [FIRST, LATER, LATER].entries()) {
    const sub = (await (
      await page.request.post("/api/student/submissions", { data: { assignmentId: tasks[i]?.id } })
    ).json()) as { id: string };
    const up = await page.request.post(`/api/student/submissions/${sub.id}/upload`, {
      multipart: { image: { name: "page.png", mimeType: "image/png", buffer: await blankPhoto() } },
    });
    expect(up.ok()).toBe(true);
    const rows = (await (await teacher.get(`/api/assignments/${tasks[i]?.id}`)).json()) as {
      rows: { submission: { id: string; manuscriptId: string } | null }[];
    };
    const mine = rows.rows.find((r) => r.submission)?.submission;
    if (!mine) throw new Error("no submission");
    const graded = await confirmAndGrade(teacher, mine.manuscriptId, text);
    if (i < 2) {
      expect((await teacher.post(`/api/submissions/${mine.id}/release`)).ok()).toBe(true);
      scores.push(graded.score ?? 0);
    }
  }

  await page.reload();
  const history = page.getByTestId("history-class");
  await expect(history).toHaveCount(1);
  await expect(history).toContainText("三年级二班");
  await expect(history.getByTestId("history-report")).toHaveCount(2);
  await expect(history.getByTestId("history-report").first()).toContainText("第一单元习作");
  await expect(history.getByTestId("history-report").first()).toContainText(`${scores[0]}/40`);
  await expect(history.getByTestId("history-report").nth(1)).toContainText(`${scores[1]}/40`);
  await expect(history).not.toContainText("第三单元习作");
  const average = Math.round(((scores[0]! + scores[1]!) / 2) * 10) / 10;
  await expect(history.getByTestId("history-average")).toHaveText(`平均 ${average}/40`);
  const change = scores[1]! - scores[0]!;
  await expect(history.getByTestId("history-change")).toHaveText(
    change >= 0 ? `比第一次提高 ${change} 分` : `比第一次下降 ${-change} 分`,
  );
  await expect(history.getByRole("img")).toHaveAttribute("aria-label", `按顺序的分数：${scores.join(", ")}`);
  await saveScreen(page, "student-history-zh-CN");

  // a report opens the returned essay
  await history.getByRole("link", { name: "第二单元习作" }).click();
  await expect(page.getByTestId("report")).toBeVisible();
  await expect(page.getByTestId("report")).toContainText("李小雨");

  // on a phone, in English
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/student");
  await page.getByTestId("language-selector").click();
  await page.locator('[data-lang="en"]').click();
  await expect(page.getByTestId("history")).toContainText("My history");
  await expect(history.getByTestId("history-average")).toHaveText(`Average ${average}/40`);
  await saveScreen(page, "student-history-en-phone");
  await teacherContext.close();
});
