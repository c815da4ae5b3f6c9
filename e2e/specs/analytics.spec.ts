import { expect, test } from "@playwright/test";
import { registerViaApi } from "../support/accounts.ts";
import { blankPhoto, confirmAndGrade } from "../support/essays.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

// Written for this test: two students write 的 where 地 belongs; one essay is much weaker.
const ESSAYS = [
  "星期天，妈妈带我去公园放风筝。我认真的把线理好，风筝慢慢升起来了，越飞越高，像一只蝴蝶在蓝天上跳舞。我高兴得又蹦又跳。太阳落山的时候，我们才依依不舍地回家。",
  "放学后，我飞快的跑回家，拿起风筝去小河边。风很大，风筝一下子就飞上了天。小伙伴们都跑过来看，我心里美滋滋的。",
  "我放风筝。很开心。",
];

test("the analytics tab shows the class's bands, criteria, errors, students below pass and trends (zh-CN, en)", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await registerViaApi(page.request, { role: "teacher", workLanguage: "zh-CN", name: "林老师" });
  const klass = (await (
    await page.request.post("/api/classes", { data: { name: "三年级二班", grade: "三年级", subject: "语文" } })
  ).json()) as { id: string; joinCode: string };
  const task = (await (
    await page.request.post(`/api/classes/${klass.id}/assignments`, {
      data: { title: "放风筝", topic: "放风筝", language: "zh-CN" },
    })
  ).json()) as { id: string };

  for (const [i, name] of ["李小雨", "张明", "王芳"].entries()) {
    const ctx = await browser.newContext();
    await registerViaApi(ctx.request, { role: "student", workLanguage: "zh-CN", name });
    expect((await ctx.request.post("/api/student/classes/join", { data: { code: klass.joinCode } })).ok()).toBe(true);
    const sub = (await (
      await ctx.request.post("/api/student/submissions", { data: { assignmentId: task.id } })
    ).json()) as { id: string };
    const up = await ctx.request.post(`/api/student/submissions/${sub.id}/upload`, {
      multipart: { image: { name: "page.png", mimeType: "image/png", buffer: await blankPhoto() } },
    });
    expect(up.ok()).toBe(true);
    await ctx.close();
    const detail = (await (await page.request.get(`/api/assignments/${task.id}`)).json()) as {
      rows: { student: { name: string }; submission: { manuscriptId: string } | null }[];
    };
    const row = detail.rows.find((r) => r.student.name === name);
    if (!row?.submission) throw new Error(`no submission of ${name}`);
    await confirmAndGrade(page.request, row.submission.manuscriptId, ESSAYS[i] ?? "");
  }

  await openWithLanguage(page, "zh-CN", `/assignments/${task.id}`);
  await page.getByTestId("tab-analytics").click();
  await expect(page).toHaveURL(/tab=analytics/);
  const analytics = page.getByTestId("analytics");
  await expect(analytics).toBeVisible();
  await expect(analytics).toContainText("已批改 3 / 3 名学生");
  // the charts are drawn (SVG), with their text for screen readers
  await expect(page.getByTestId("chart-bands").locator("svg")).toBeVisible();
  await expect(page.getByTestId("chart-criteria").locator("svg")).toBeVisible();
  await expect(page.getByTestId("chart-bands")).toHaveAttribute("aria-label", /优秀 \d+, 良好 \d+, 及格 \d+/);
  await expect(page.getByTestId("chart-criteria")).toHaveAttribute("aria-label", /内容与切题 [\d.]+\/12/);
  await expect(page.getByTestId("chart-criteria")).toContainText("内容与切题");
  // 的 for 地, made by two students
  const de = page.getByTestId("analytics-error").filter({ hasText: "的/地/得" });
  await expect(de).toHaveCount(1);
  await expect(de).toContainText("的 → 地");
  await expect(de.locator("td").nth(3)).toHaveText("2");
  await expect(page.getByTestId("analytics-student")).toHaveCount(3);
  await expect(page.getByTestId("analytics-below-pass")).toContainText("王芳");
  await saveScreen(page, "analytics-zh-CN");

  await page.getByTestId("language-selector").click();
  await page.locator('[data-lang="en"]').click();
  await expect(analytics).toContainText("3 of 3 students graded");
  await expect(page.getByTestId("chart-criteria")).toContainText("Content & relevance");
  await expect(page.getByTestId("analytics-error").filter({ hasText: "的/地/得" })).toContainText("的 → 地");
  await saveScreen(page, "analytics-en");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("chart-bands").locator("svg")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreen(page, "analytics-en-phone");

  // the submissions tab is one click (or key) away
  await page.getByTestId("tab-submissions").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("submission-row")).toHaveCount(3);
});
