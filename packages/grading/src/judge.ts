import type { Analysis } from "./features.ts";
import { leniency } from "./level.ts";
import { type JudgeOptions, judgedFeatures, type Model, modelInput } from "./model.ts";

/** How the fitted models judge this essay: with its level's leniency. */
export function judgeOptions(a: Analysis): JudgeOptions {
  return { leniency: leniency(a.language, a.year) };
}

/** The essay's features as a fitted model reads them (judged features, relative to the expected length). */
export function judgedInput(model: Model, a: Analysis): Record<string, number> {
  const f = judgedFeatures(a.language, a.f, {
    hasLineBreaks: a.hasLineBreaks,
    argumentative: a.genre === "argumentative",
  });
  return modelInput(model, a.language, f, a.target);
}
