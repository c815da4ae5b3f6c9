import { createOcrEngine, type OcrEngine } from "@essay/ocr";
import type { AppConfig } from "../../config/env.ts";

/** The recognition engine chosen by OCR_PROVIDER; create once per process (the embedded one loads models once). */
export function createOcrFromConfig(config: AppConfig["ocr"]): OcrEngine {
  if (config.provider === "openai" && config.openai) {
    return createOcrEngine({ provider: "openai", openai: config.openai, timeoutMs: config.timeoutMs });
  }
  if (config.provider === "baidu" && config.baidu) {
    return createOcrEngine({ provider: "baidu", baidu: config.baidu, timeoutMs: config.timeoutMs });
  }
  return createOcrEngine({ provider: "embedded", timeoutMs: config.timeoutMs, embedded: { threads: config.threads } });
}
