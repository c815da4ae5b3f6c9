import type { TGradeBand, TManuscriptStatus, TWorkLanguage } from "@essay/contract";

export interface ExportLabels {
  columns: {
    studentName: string;
    studentId: string;
    className: string;
    assignment: string;
    topic: string;
    status: string;
    score: string;
    band: string;
    teacherScored: string;
    pages: string;
    started: string;
    graded: string;
  };
  /** A criterion column: its name and maximum. */
  criterion: (name: string, max: number) => string;
  criteria: Record<string, string>;
  status: Record<TManuscriptStatus, string>;
  band: Record<TGradeBand, string>;
  yes: string;
  no: string;
  sheet: string;
  file: string;
}

/** The export's words in each interface language (the web's catalogs say the same on screen). */
export const EXPORT_LABELS: Record<TWorkLanguage, ExportLabels> = {
  en: {
    columns: {
      studentName: "Student",
      studentId: "Student number",
      className: "Class",
      assignment: "Assignment",
      topic: "Topic",
      status: "Status",
      score: "Score (/40)",
      band: "Band",
      teacherScored: "Teacher's own score",
      pages: "Pages",
      started: "Started",
      graded: "Graded",
    },
    criterion: (name, max) => `${name} (/${max})`,
    criteria: {
      content: "Content & relevance",
      organisation: "Organisation",
      language: "Language use",
      conventions: "Conventions",
    },
    status: {
      created: "Started",
      uploaded: "Photos in",
      ocr_completed: "Text to confirm",
      text_confirmed: "Grading",
      graded: "Graded",
    },
    band: { excellent: "Excellent", good: "Good", pass: "Pass", needs_improvement: "Needs improvement", fail: "Fail" },
    yes: "yes",
    no: "no",
    sheet: "Reports",
    file: "reports",
  },
  "zh-CN": {
    columns: {
      studentName: "学生姓名",
      studentId: "学号",
      className: "班级",
      assignment: "作业",
      topic: "题目",
      status: "状态",
      score: "得分（满分40）",
      band: "等级",
      teacherScored: "教师评分",
      pages: "页数",
      started: "创建时间",
      graded: "批改时间",
    },
    criterion: (name, max) => `${name}（满分${max}）`,
    criteria: { content: "内容与切题", organisation: "结构与组织", language: "语言运用", conventions: "书写规范" },
    status: {
      created: "已创建",
      uploaded: "已上传",
      ocr_completed: "待确认文本",
      text_confirmed: "批改中",
      graded: "已批改",
    },
    band: { excellent: "优秀", good: "良好", pass: "及格", needs_improvement: "待提高", fail: "不及格" },
    yes: "是",
    no: "否",
    sheet: "报告",
    file: "报告",
  },
  "zh-TW": {
    columns: {
      studentName: "學生姓名",
      studentId: "學號",
      className: "班級",
      assignment: "作業",
      topic: "題目",
      status: "狀態",
      score: "得分（滿分40）",
      band: "等級",
      teacherScored: "教師評分",
      pages: "頁數",
      started: "建立時間",
      graded: "批改時間",
    },
    criterion: (name, max) => `${name}（滿分${max}）`,
    criteria: { content: "內容與切題", organisation: "結構與組織", language: "語言運用", conventions: "書寫規範" },
    status: {
      created: "已建立",
      uploaded: "已上傳",
      ocr_completed: "待確認文字",
      text_confirmed: "批改中",
      graded: "已批改",
    },
    band: { excellent: "優秀", good: "良好", pass: "及格", needs_improvement: "待提高", fail: "不及格" },
    yes: "是",
    no: "否",
    sheet: "報告",
    file: "報告",
  },
};
