import { isSchoolYear } from "@essay/contract";
import { z } from "zod";
import { fitCalibration } from "./calibration.ts";
import { EMBEDDED_VERSION, gradeEmbedded, rescale, roundToTotal, validateRubric } from "./embedded.ts";
import { analyze } from "./features.ts";
import { DEFAULT_RUBRIC, gradeBand } from "./rubric.ts";
import { detectLanguage } from "./text.ts";
import type { GradeInput, GradeResult, Logger, OpenAIConfig } from "./types.ts";

export const LLM_VERSION = "0.1.0";

const responseSchema = z.object({
  criteria: z
    .array(
      z.object({
        key: z.string(),
        score: z.number(),
        evidence: z.array(z.string()).default([]),
      }),
    )
    .min(1),
  feedback: z.object({
    overall: z.string().min(1),
    strengths: z.array(z.string()),
    improvements: z.array(z.string()),
  }),
});

export type LlmResponse = z.infer<typeof responseSchema>;

const LANG_NAME = { en: "English", "zh-CN": "Simplified Chinese", "zh-TW": "Traditional Chinese" } as const;

export function buildMessages(input: GradeInput): { role: "system" | "user"; content: string }[] {
  const rubric = input.rubric ?? DEFAULT_RUBRIC;
  const language = input.language ?? detectLanguage(input.text);
  const year = isSchoolYear(input.grade) ? input.grade : undefined;
  const analysis = analyze({ text: "", topic: input.topic, language, year, genre: input.genre });
  // the same expected length and genre as the embedded grader: the teacher's, the topic's, else the level's
  const target = input.targetLength ?? analysis.target;
  const rubricText = rubric.criteria
    .map((c) => `- key "${c.key}" (${c.label.en}), 0-${c.max} points: ${c.description.en}`)
    .join("\n");
  const system = [
    "You are an experienced teacher grading a student essay with an analytic rubric (total 40 points).",
    "Score each criterion with an integer between 0 and its maximum. For each criterion give 1-3 pieces of evidence quoting the essay's own sentences.",
    `Write all feedback in ${LANG_NAME[input.feedbackLanguage]}, specific to this essay (quote or point at its sentences and paragraphs; give counts).`,
    'Answer with JSON only: {"criteria":[{"key":string,"score":integer,"evidence":[string]}],"feedback":{"overall":string,"strengths":[string],"improvements":[string]}}',
  ].join("\n");
  const user = [
    `Rubric:\n${rubricText}`,
    `Writers: ${year ? `school year ${year} (${year <= 6 ? "primary" : year <= 9 ? "junior high" : "senior high"} school); judge the essay by what students of that year can be expected to write` : "school year not given"}.`,
    `Genre: ${analysis.genre}.`,
    `Target length: about ${target} ${language === "zh" ? "characters" : "words"}.`,
    `Topic / task:\n${input.topic}`,
    `Essay (${language === "zh" ? "Chinese" : "English"}):\n"""\n${input.text}\n"""`,
  ].join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

function extractJson(s: string): unknown {
  const fenced = s.match(/```(?:json)?\s*([\s\S]*?)```/);
  const body = fenced ? fenced[1]! : s;
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("no JSON object in reply");
  return JSON.parse(body.slice(start, end + 1));
}

export interface LlmDeps {
  config: OpenAIConfig;
  timeoutMs: number;
  logger?: Logger;
  fetch: typeof fetch;
}

async function callOnce(deps: LlmDeps, input: GradeInput, signal?: AbortSignal): Promise<string> {
  const ctrl = new AbortController();
  const timer = setTimeout(
    () => ctrl.abort(new Error(`LLM request timed out after ${deps.timeoutMs} ms`)),
    deps.timeoutMs,
  );
  const onAbort = () => ctrl.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort);
  try {
    const url = `${deps.config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const res = await deps.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${deps.config.apiKey}` },
      body: JSON.stringify({
        model: deps.config.model,
        temperature: deps.config.temperature ?? 0,
        response_format: { type: "json_object" },
        messages: buildMessages(input),
      }),
      signal: ctrl.signal,
    });
    if (!res.ok) throw new Error(`LLM service answered HTTP ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== "string") throw new Error("LLM reply has no message content");
    return content;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Grade with an OpenAI-compatible chat API; falls back to the embedded grader on failure. */
export async function gradeWithLlm(deps: LlmDeps, input: GradeInput, signal?: AbortSignal): Promise<GradeResult> {
  const rubric = input.rubric ?? DEFAULT_RUBRIC;
  validateRubric(rubric);
  try {
    let parsed: LlmResponse | undefined;
    let lastError: unknown;
    for (let attempt = 0; attempt < 2 && !parsed; attempt++) {
      const content = await callOnce(deps, input, signal);
      try {
        const r = responseSchema.safeParse(extractJson(content));
        if (r.success) parsed = r.data;
        else lastError = new Error(`invalid LLM output: ${r.error.message.slice(0, 200)}`);
      } catch (e) {
        lastError = e;
      }
      if (!parsed) deps.logger?.warn("LLM grader returned invalid output", { attempt: attempt + 1 });
    }
    if (!parsed) throw lastError ?? new Error("invalid LLM output");
    const maxes = rubric.criteria.map((c) => c.max);
    let values = rubric.criteria.map((c) => {
      const s = parsed.criteria.find((x) => x.key === c.key);
      if (!s) throw new Error(`LLM output lacks criterion ${c.key}`);
      return Math.max(0, Math.min(c.max, Math.round(s.score)));
    });
    const raw = values.reduce((a, b) => a + b, 0);
    let target = raw;
    if (input.calibration?.length) {
      // Teacher points given by text are scored with the embedded grader's raw scale only when rawTotal is absent.
      const pairs = input.calibration
        .filter((p) => p.rawTotal !== undefined)
        .map((p) => ({ raw: p.rawTotal!, teacher: p.teacherScore }));
      if (pairs.length) {
        target = Math.round(fitCalibration(pairs).apply(raw));
        values = roundToTotal(rescale(values, maxes, target), maxes, target);
      }
    }
    const total = values.reduce((a, b) => a + b, 0);
    const lang = input.feedbackLanguage;
    return {
      totalScore: total,
      grade: gradeBand(total),
      criteria: rubric.criteria.map((c, i) => ({
        key: c.key,
        label: c.label[lang],
        score: values[i]!,
        max: c.max,
        evidence: (parsed.criteria.find((x) => x.key === c.key)?.evidence ?? [])
          .slice(0, 5)
          .map((e) => ({ quote: e, note: e })),
      })),
      feedback: parsed.feedback,
      engine: `openai:${deps.config.model}`,
      version: LLM_VERSION,
      rawTotal: raw,
    };
  } catch (err) {
    if (signal?.aborted) throw err;
    deps.logger?.warn("LLM grader failed; falling back to the embedded grader", {
      error: err instanceof Error ? err.message : String(err),
    });
    const r = gradeEmbedded(input);
    return { ...r, engine: "embedded", version: EMBEDDED_VERSION };
  }
}
