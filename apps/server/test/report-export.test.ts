import type { TReportRow } from "@essay/contract";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { neutraliseFormula, toCsv, toXlsx } from "../src/modules/reports/export-files.ts";
import { exportTable, formatExportDate } from "../src/modules/reports/export-table.ts";
import { parseCsv } from "./csv.ts";

const row = (over: Partial<TReportRow> = {}): TReportRow => ({
  id: "m1",
  studentName: "李华",
  studentId: "S1",
  studentClass: "八年级 2班",
  classId: null,
  className: null,
  assignmentId: null,
  assignmentTitle: null,
  submissionId: null,
  topic: 'My weekend, "fun"',
  status: "graded",
  score: 31,
  grade: "good",
  teacherScored: true,
  criteria: [
    { key: "language", label: "Language use", score: 8, max: 10 },
    { key: "content", label: "Content & relevance", score: 10, max: 12 },
  ],
  pageCount: 2,
  createdAt: "2026-03-05T23:30:00.000Z",
  gradedAt: "2026-03-06T00:10:00.000Z",
  ...over,
});

describe("report export", () => {
  it("has a column per criterion in the rubric's order, headers and words in the interface language", () => {
    const t = exportTable(
      [row(), row({ id: "m2", status: "uploaded", score: null, grade: null, criteria: [] })],
      "zh-CN",
      "Asia/Shanghai",
    );
    expect(t.header).toEqual([
      "学生姓名",
      "学号",
      "班级",
      "作业",
      "题目",
      "状态",
      "得分（满分40）",
      "等级",
      "内容与切题（满分12）",
      "结构与组织（满分10）",
      "语言运用（满分10）",
      "书写规范（满分8）",
      "教师评分",
      "页数",
      "创建时间",
      "批改时间",
    ]);
    expect(t.rows[0]).toEqual([
      "李华",
      "S1",
      "八年级 2班",
      null,
      'My weekend, "fun"',
      "已批改",
      31,
      "良好",
      10,
      null,
      8,
      null,
      "是",
      2,
      "2026-03-06 07:30",
      "2026-03-06 08:10",
    ]);
    expect(t.rows[1]?.slice(5, 13)).toEqual(["已上传", null, null, null, null, null, null, null]);
    expect(exportTable([row()], "en", "UTC").header[8]).toBe("Content & relevance (/12)");
  });

  it("writes dates in the teacher's time zone", () => {
    expect(formatExportDate("2026-03-05T23:30:00.000Z", "UTC")).toBe("2026-03-05 23:30");
    expect(formatExportDate("2026-03-05T23:30:00.000Z", "America/New_York")).toBe("2026-03-05 18:30");
    expect(formatExportDate(null, "UTC")).toBeNull();
  });

  it("CSV: BOM, CRLF, quoted commas and quotes; a cell that would be a formula stays text", () => {
    const csv = toCsv(exportTable([row({ studentName: '=HYPERLINK("x")' })], "en", "UTC"));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain("\r\n");
    const parsed = parseCsv(csv);
    expect(parsed).toHaveLength(2);
    expect(parsed[1]?.[0]).toBe('\'=HYPERLINK("x")');
    expect(parsed[1]?.[4]).toBe('My weekend, "fun"');
    expect(neutraliseFormula("-1")).toBe("'-1");
    expect(neutraliseFormula("Li")).toBe("Li");
  });

  it("XLSX: one sheet named in the interface language with the rows' text and numbers", async () => {
    const bytes = await toXlsx(exportTable([row()], "zh-TW", "UTC"), "報告");
    const files = unzipSync(new Uint8Array(bytes));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(text("xl/workbook.xml")).toContain('name="報告"');
    const shared = text("xl/sharedStrings.xml");
    const sheet = text("xl/worksheets/sheet1.xml");
    const inSheet = `${shared}${sheet}`;
    for (const s of ["學生姓名", "李华", "已批改", "良好", "內容與切題（滿分12）"]) expect(inSheet).toContain(s);
    expect(sheet).toMatch(/<v>31<\/v>/);
  });
});
