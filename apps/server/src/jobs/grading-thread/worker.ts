import { parentPort } from "node:worker_threads";
import { createGrader, type GradeInput } from "@essay/grading";
import { gradeEssay } from "./grade-essay.ts";

// One embedded grader per thread: its language models load once, on the first essay.
const grader = createGrader({ provider: "embedded" });

parentPort?.on("message", async (msg: { id: number; input: GradeInput }) => {
  try {
    parentPort?.postMessage({ id: msg.id, ok: true, graded: await gradeEssay(grader, msg.input) });
  } catch (error) {
    const e = error as Error;
    parentPort?.postMessage({ id: msg.id, ok: false, error: { name: e?.name, message: e?.message ?? String(error) } });
  }
});
