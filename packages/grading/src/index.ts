import { EMBEDDED_ENGINE, EMBEDDED_VERSION, gradeEmbedded } from "./embedded.ts";
import { gradeWithLlm, LLM_VERSION } from "./llm.ts";
import type { GradeInput, GradeResult, Grader, GraderConfig } from "./types.ts";

export { type CalibrationMap, type CalibrationPair, fitCalibration } from "./calibration.ts";
export { suggestCorrections } from "./corrections.ts";
export { withoutDismissed } from "./dismissed.ts";
export { EMBEDDED_ENGINE, EMBEDDED_VERSION, rawTotal } from "./embedded.ts";
export { LOW_CONFIDENCE } from "./evidence.ts";
export { totalToUnit, unitToTotal } from "./model.ts";
export { carryReadings, type LineWithChars, readingsFromLines } from "./readings.ts";
export { restateTotal } from "./restate.ts";
export {
  BAND_DESCRIPTORS,
  type BandDescriptor,
  type BandPoint,
  CRITERION_LABELS,
  criterionLabel,
  DEFAULT_RUBRIC,
  GRADE_BANDS,
  type GradeBandInfo,
  gradeBand,
  TOTAL_MAX,
} from "./rubric.ts";
export * from "./types.ts";

/** Grade an essay with the embedded (offline, deterministic) grader. */
export function grade(input: GradeInput): GradeResult {
  return gradeEmbedded(input);
}

/** Create a grader: the embedded one, or an OpenAI-compatible LLM with fallback to the embedded one. */
export function createGrader(config: GraderConfig): Grader {
  if (config.provider === "openai") {
    const openai = config.openai;
    if (!openai) throw new Error("provider 'openai' needs an openai config { baseUrl, model, apiKey }");
    const deps = {
      config: openai,
      timeoutMs: config.timeoutMs ?? 30_000,
      logger: config.logger,
      fetch: config.fetch ?? globalThis.fetch,
    };
    return {
      id: `openai:${openai.model}`,
      version: LLM_VERSION,
      grade: (input, signal) => gradeWithLlm(deps, input, signal),
    };
  }
  return {
    id: EMBEDDED_ENGINE,
    version: EMBEDDED_VERSION,
    grade: async (input, signal) => {
      signal?.throwIfAborted();
      return gradeEmbedded(input);
    },
  };
}
