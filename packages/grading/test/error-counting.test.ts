import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";

/** The report's lines about spelling, wrong characters or pinyin written for characters, as the teacher reads them. */
const errorLine = (r: ReturnType<typeof grade>) =>
  r.feedback.improvements.filter((s) => /misspelling|错别字|拼音/.test(s)).join("\n");

describe("the grader counts only the student's own errors that remain", () => {
  const topic = "My weekend";
  const en =
    "Last weekend I went to the park with my family. We saw the PyK0n near the implEit and the lncel of the lake " +
    "was high. I recieve a postcard from my friend every week. My brother was very hapy because we played football " +
    "together and ate ice cream. In the evening we walked home slowly and talked about the nice day we had.";

  it("does not count recognition garbage as misspellings", () => {
    const r = grade({ text: en, topic, language: "en", feedbackLanguage: "en" });
    expect(errorLine(r)).toBe("2 misspellings such as 'recieve', 'hapy'.");
  });

  it("does not count a suggestion the teacher dismissed", () => {
    const r = grade({
      text: en,
      topic,
      language: "en",
      feedbackLanguage: "en",
      dismissed: [{ original: "hapy", suggested: "happy", start: en.indexOf("hapy") }],
    });
    expect(errorLine(r)).toMatch(/^1 misspelling such as 'recieve'/);
  });

  it("in Chinese, counts pinyin and wrong characters the teacher kept, not look-alike misreadings or dismissed ones", () => {
    const zh = "周未我们去河边diao鱼，我觉的很开心。大家认真的听讲，老师也很gao兴。";
    const kept = grade({ text: zh, topic: "周末", language: "zh", feedbackLanguage: "zh-CN" });
    expect(errorLine(kept)).toMatch(/diao→钓/);
    expect(errorLine(kept)).not.toMatch(/未→末/);
    const dismissed = grade({
      text: zh,
      topic: "周末",
      language: "zh",
      feedbackLanguage: "zh-CN",
      dismissed: [{ original: "diao", suggested: "钓" }],
    });
    expect(errorLine(dismissed)).not.toMatch(/diao/);
    expect(errorLine(dismissed)).toMatch(/gao→高/);
  });
});
