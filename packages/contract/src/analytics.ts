import { z } from "zod";
import { ZGradeBand } from "./manuscripts.ts";

/** Families of students' own errors the class analytics count (the correction engine's rules, grouped). */
export const ERROR_FAMILIES = ["wrong_character", "pinyin", "de", "spelling", "grammar"] as const;
export type TErrorFamily = (typeof ERROR_FAMILIES)[number];

export const ZAssignmentAnalytics = z.object({
  assignmentId: z.string(),
  title: z.string(),
  className: z.string(),
  studentCount: z.number().int(),
  gradedCount: z.number().int(),
  /** Graded essays per band, every band present. */
  bands: z.record(ZGradeBand, z.number().int()),
  average: z.number().nullable(),
  /** Average of each criterion over the graded essays (the teacher's score where set), against its maximum. */
  criteria: z.array(z.object({ key: z.string(), label: z.string(), average: z.number(), max: z.number() })),
  /**
   * Each student of the class (and anyone who submitted and left): this assignment's score and their scores across
   * the class's assignments so far, in the order they were set (null: not graded).
   */
  assignments: z.array(z.object({ id: z.string(), title: z.string() })),
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      studentNumber: z.string(),
      score: z.number().nullable(),
      grade: ZGradeBand.nullable(),
      trend: z.array(z.number().nullable()),
    }),
  ),
  /** The class's most frequent errors of its own (not OCR slips) in this assignment's confirmed texts. */
  errors: z.array(
    z.object({
      family: z.enum(ERROR_FAMILIES),
      original: z.string(),
      suggested: z.string(),
      count: z.number().int(),
      students: z.number().int(),
    }),
  ),
  /** Students whose graded score is below pass (25). */
  belowPass: z.array(
    z.object({ studentId: z.string(), name: z.string(), studentNumber: z.string(), score: z.number() }),
  ),
});
export type TAssignmentAnalytics = z.infer<typeof ZAssignmentAnalytics>;
