import { createGrader, type Grader } from "@essay/grading";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config/env.ts";

/** The grader chosen by GRADER_PROVIDER (an OpenAI-compatible model falls back to the embedded grader). */
export function createGraderFromConfig(config: AppConfig["grader"], log?: FastifyBaseLogger): Grader {
  const logger = log
    ? { warn: (message: string, meta?: Record<string, unknown>) => log.warn(meta ?? {}, message) }
    : undefined;
  if (config.provider === "openai" && config.openai) {
    return createGrader({ provider: "openai", openai: config.openai, timeoutMs: config.timeoutMs, logger });
  }
  return createGrader({ provider: "embedded", logger });
}
