import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { registerViaApi } from "../support/accounts.ts";
import { openWithLanguage, saveScreen } from "../support/screens.ts";

// A grade-3 story of about 250 characters, written for this test.
const STORY =
  "星期天，妈妈带我去公园放风筝。我的风筝是一只漂亮的蝴蝶，有红色的翅膀和长长的尾巴。刚开始，风筝怎么也飞不起来，我急得满头大汗。妈妈笑着说：“别着急，你要逆着风跑。”我按照妈妈说的，拉着线使劲往前跑。风筝慢慢地升起来了，越飞越高，像一只真的蝴蝶在蓝天上跳舞。我高兴得又蹦又跳，大声喊：“妈妈，快看！我的风筝飞起来啦！”后来风越来越大，线差点从我手里滑走，我赶紧用两只手抓紧它，一步一步往后退。旁边的小朋友都跑过来看，有的拍手，有的还问我是怎么放上去的。太阳落山的时候，我们才依依不舍地回家。这一天我玩得非常开心。";

test("a grade-3 story gets a grade-3 judgement; the teacher changes one criterion and the report shows it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerViaApi(page.request, { workLanguage: "zh-CN", name: "王老师" });
  await openWithLanguage(page, "zh-CN");

  // the sample news-report topic is only a suggestion: the field starts empty
  const topic = page.getByTestId("topic-input");
  await expect(topic).toHaveValue("");
  await expect(topic).toHaveAttribute("placeholder", /新闻报道/);
  await topic.fill("放风筝");
  await page.getByLabel("学生姓名").fill("李小雨");
  await page.getByLabel("班级", { exact: false }).first().fill("三年级二班");
  await page.getByLabel("学号").fill("20260301");
  await page.getByLabel("年级", { exact: true }).selectOption("3");
  // the level sets the target: a grade-3 story, not a 500-character report
  await expect(page.getByTestId("topic-target")).toContainText("约 250 字");
  await expect(page.getByTestId("topic-target")).toContainText("三年级的一般篇幅");
  await expect(page.getByLabel("文体")).toContainText("按题目识别：记叙文");
  await page.getByTestId("student-form").getByRole("button", { name: "保存学生信息" }).click();
  await expect(page.getByTestId("toast")).toContainText("记录已保存");

  // the topic stays editable until the text is confirmed
  await topic.fill("放风筝的一天");
  await page.getByRole("button", { name: "保存题目" }).click();
  await expect(page.getByTestId("toast")).toContainText("题目已保存");

  // a photo without legible text: the teacher types the story in
  const blank = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  await page.getByTestId("upload-input").setInputFiles({ name: "page.png", mimeType: "image/png", buffer: blank });
  const editor = page.getByTestId("essay-text");
  await expect(editor).toBeEnabled({ timeout: 120_000 });
  await expect(page.getByTestId("progress")).toHaveAttribute("data-step", "3", { timeout: 120_000 });
  await editor.fill(STORY);
  await page.getByTestId("confirm-text").click();
  await expect(page.getByTestId("grading-result")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("topic-text")).toHaveText("放风筝的一天");

  // judged as a grade-3 story: good or excellent, no criterion at 0, no news-report checks
  const total = Number(await page.getByTestId("total-score").textContent());
  expect(total).toBeGreaterThanOrEqual(30);
  await expect(page.getByTestId("graded-as")).toHaveText("按三年级·记叙文的要求评分");
  await expect(page.getByTestId("overall-comment")).toContainText("按三年级记叙文的要求评分");
  const result = page.getByTestId("grading-result");
  await expect(result).not.toContainText("导语");
  for (const s of await page.getByTestId("criterion-score").allTextContents()) {
    expect(Number(s.split("/")[0])).toBeGreaterThan(0);
  }

  // the teacher gives language their own score: the total follows, the grader's stays visible
  const language = page.locator('[data-testid="criterion"][data-key="language"]');
  const machine = Number((await language.getByTestId("criterion-score").textContent())?.split("/")[0]);
  const own = machine >= 9 ? machine - 2 : machine + 1;
  await language.getByTestId("criterion-edit").click();
  await language.getByRole("spinbutton").fill(String(own));
  await language.getByTestId("criterion-save").click();
  await expect(page.getByTestId("toast")).toContainText("评分已保存");
  await expect(language.getByTestId("criterion-score")).toHaveText(`${own} / 10`);
  await expect(language.getByTestId("criterion-teacher")).toContainText(`教师评分 · 系统 ${machine}`);
  await expect(page.getByTestId("total-score")).toHaveText(String(total - machine + own));

  // the report shows the teacher's score beside the grader's
  const report = page.getByTestId("report");
  await expect(report).toContainText("三年级");
  await expect(report.getByTestId("report-criterion").filter({ hasText: "语言运用" })).toContainText(
    `教师评分（系统 ${machine}）`,
  );
  await expect(report.getByTestId("report-criterion").filter({ hasText: "语言运用" })).toContainText(`${own} / 10`);
  await expect(report.getByTestId("report-teacher-total")).toBeVisible();
  await saveScreen(page, "grading-grade3-zh-CN");
});
