import { describe, expect, it } from "vitest";
import { reportFileName } from "./export-report.ts";

describe("reportFileName", () => {
  it("joins title, student name and id", () => {
    expect(reportFileName("作文批改报告", "李明", "20240101")).toBe("作文批改报告_李明_20240101.png");
  });
  it("replaces characters file systems reject and spaces", () => {
    expect(reportFileName("Essay Grading Report", "Anna Lee", "7/A")).toBe("Essay_Grading_Report_Anna_Lee_7_A.png");
  });
});
