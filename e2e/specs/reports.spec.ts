import fs from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { registerViaApi } from "../support/accounts.ts";
import { parseCsv } from "../support/csv.ts";
import { essayViaApi } from "../support/essays.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

// Written for these tests: a grade-3 story, a much shorter one, and two English paragraphs.
const STORY =
  "星期天，妈妈带我去公园放风筝。我的风筝是一只漂亮的蝴蝶，有红色的翅膀和长长的尾巴。刚开始，风筝怎么也飞不起来，我急得满头大汗。妈妈笑着说：“别着急，你要逆着风跑。”我按照妈妈说的，拉着线使劲往前跑。风筝慢慢地升起来了，越飞越高，像一只真的蝴蝶在蓝天上跳舞。我高兴得又蹦又跳，大声喊：“妈妈，快看！我的风筝飞起来啦！”太阳落山的时候，我们才依依不舍地回家。这一天我玩得非常开心。";
const SHORT = "星期天我去公园。我放风筝。很开心。";
const EN_GOOD =
  "Last Saturday our class visited the science museum. First, we watched a show about the stars, and our guide explained how planets move around the sun. After lunch, we built small robots in a workshop. My robot could follow a black line on the floor, which made me very proud. On the bus home, my friends and I talked about what we had learned. I hope we can visit again next year.";
const EN_SHORT = "I go to museum. It is big. I like it.";

test("zh-CN: the reports page finds an essay by search, opens it in its saved state and deletes another", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerViaApi(page.request, { workLanguage: "zh-CN", name: "林老师" });
  const info = { studentClass: "三年级二班", topic: "放风筝" };
  const good = await essayViaApi(page.request, { ...info, studentName: "李小雨", studentId: "20260301", text: STORY });
  await essayViaApi(page.request, { ...info, studentName: "张明", studentId: "20260302", text: SHORT });
  await essayViaApi(page.request, { ...info, studentName: "王芳", studentId: "20260303", text: null });

  await openWithLanguage(page, "zh-CN", "/reports");
  await expect(page.getByRole("heading", { name: "报告" })).toBeVisible();
  await expect(page.getByTestId("reports-total")).toHaveText("共 3 篇作文");
  const rows = page.getByTestId("report-row");
  await expect(rows).toHaveCount(3);
  // newest first: the essay only started is on top, with no score
  await expect(rows.first()).toContainText("王芳");
  await expect(rows.first()).toContainText("已创建");
  await expect(rows.nth(2)).toContainText("李小雨");
  await expect(rows.nth(2)).toContainText(`${good.score}/40`);
  await saveScreen(page, "reports-zh-CN");

  // search by name, then by student number
  await page.getByTestId("report-search").fill("李小");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("李小雨");
  await expect(page).toHaveURL(/q=/);
  await page.getByTestId("report-search").fill("20260302");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("张明");
  await page.getByRole("button", { name: "清除筛选" }).click();
  await expect(rows).toHaveCount(3);

  // status filter
  await page.getByTestId("status-filter").selectOption({ label: "已创建" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("王芳");

  // the filtered list as CSV, in the interface language, read back
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^报告-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parseCsv(await fs.readFile((await csvDownload.path()) ?? "", "utf8"));
  expect(csv[0]?.slice(0, 8)).toEqual(["学生姓名", "学号", "班级", "作业", "题目", "状态", "得分（满分40）", "等级"]);
  expect(csv[0]?.slice(8, 12)).toEqual([
    "内容与切题（满分12）",
    "结构与组织（满分10）",
    "语言运用（满分10）",
    "书写规范（满分8）",
  ]);
  expect(csv).toHaveLength(2);
  expect(csv[1]?.slice(0, 6)).toEqual(["王芳", "20260303", "三年级二班", "", "放风筝", "已创建"]);

  // delete after a confirmation
  await rows.first().getByTestId("delete-report").click();
  await expect(page.getByRole("dialog")).toContainText("删除 王芳 的作文？");
  await page.getByTestId("confirm-delete-report").click();
  await expect(page.getByTestId("toast")).toContainText("已删除 王芳 的作文");
  await expect(page.getByTestId("reports-empty")).toBeVisible();
  await page.getByRole("button", { name: "清除筛选" }).click();
  await expect(page.getByTestId("reports-total")).toHaveText("共 2 篇作文");
  const [all] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const graded = parseCsv(await fs.readFile((await all.path()) ?? "", "utf8"));
  expect(graded.slice(1).map((r) => r[0])).toEqual(["张明", "李小雨"]);
  const li = graded.find((r) => r[0] === "李小雨") ?? [];
  expect(li.slice(5, 7)).toEqual(["已批改", String(good.score)]);
  const criteria = graded[0]!.map((h, i) => (/满分(12|10|8)）$/.test(h) ? Number(li[i]) : 0));
  expect(criteria.reduce((a, b) => a + b, 0)).toBe(good.score);

  // open one: the grading screen shows its saved report
  await page.getByTestId("report-search").fill("李小雨");
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId("open-report").click();
  await expect(page).toHaveURL(new RegExp(`manuscript=${good.id}`));
  await expect(page.getByTestId("grading-result")).toBeVisible();
  await expect(page.getByTestId("total-score")).toHaveText(String(good.score));
  await expect(page.getByTestId("report")).toContainText("李小雨");
  // Back returns to the filtered list
  await page.goBack();
  await expect(page.getByTestId("report-search")).toHaveValue("李小雨");
  await expect(rows).toHaveCount(1);
});

test("en: bands in the spec's colours, band filter, chosen with the keyboard, and a phone-width list", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerViaApi(page.request, { workLanguage: "en", name: "Ms Lin" });
  const info = { studentClass: "Grade 8 Class 2", topic: "A school trip" };
  const good = await essayViaApi(page.request, { ...info, studentName: "Amy Chen", studentId: "S801", text: EN_GOOD });
  const weak = await essayViaApi(page.request, { ...info, studentName: "Bob Li", studentId: "S802", text: EN_SHORT });
  expect(good.score ?? 0).toBeGreaterThan(weak.score ?? 0);

  await openWithLanguage(page, "en", "/reports");
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  await expect(page.getByTestId("reports-total")).toHaveText("2 essays");
  const rows = page.getByTestId("report-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Bob Li");
  await expect(rows.first()).toContainText("Graded on its own");
  await saveScreen(page, "reports-en");

  // the band of the weaker essay, chosen with the keyboard
  const weakRow = rows.filter({ hasText: "Bob Li" });
  const band = (await weakRow.getByTestId("report-band").textContent()) ?? "";
  const goodBand = await rows.filter({ hasText: "Amy Chen" }).getByTestId("report-band").textContent();
  await page.getByTestId("band-filter").focus();
  await page.getByTestId("band-filter").selectOption({ label: band });
  await expect(rows.filter({ hasText: "Bob Li" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Amy Chen" })).toHaveCount(goodBand === band ? 1 : 0);

  // the filtered rows as an Excel file
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^reports-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await fs.readFile((await xlsx.path()) ?? "");
  expect(bytes.subarray(0, 2).toString()).toBe("PK");

  // a phone: filters stack, the table scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(2);
  await saveScreen(page, "reports-en-phone");
  // the page itself does not scroll sideways (only the table does)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
