import { BaiduEngine } from "./baidu.ts";
import { EmbeddedEngine } from "./embedded.ts";
import { OcrError } from "./errors.ts";
import { OpenAiEngine } from "./openai.ts";
import type { PipelineTuning } from "./pipeline.ts";
import type { OcrEngine, OcrEngineConfig, OcrResult, RecognizeOptions } from "./types.ts";

export { BAIDU_DEFAULT_BASE_URL, BaiduEngine } from "./baidu.ts";
export { EmbeddedEngine } from "./embedded.ts";
export { OcrError, type OcrErrorCode } from "./errors.ts";
export { joinPieces, layoutLines, type Segment } from "./layout.ts";
export { OPENAI_PROMPT, OpenAiEngine } from "./openai.ts";
export { DEFAULT_STEPS, DEFAULT_TUNING, ENGINE_ID, type PipelineTuning } from "./pipeline.ts";
export { alignOps, DOUBTFUL_BELOW } from "./reading.ts";
export type * from "./types.ts";

/** Create an OCR engine. The embedded engine loads PP-OCRv4 once, in a worker thread, on first use. */
export function createOcrEngine(config: OcrEngineConfig, tuning?: Partial<PipelineTuning>): OcrEngine {
  const timeoutMs = config.timeoutMs ?? 60_000;
  if (config.provider === "embedded") return new EmbeddedEngine(config.embedded ?? {}, timeoutMs, tuning);
  if (config.provider === "openai") {
    if (!config.openai)
      throw new OcrError("OCR_CONFIG", 'provider "openai" needs the openai {baseUrl, model, apiKey} config');
    return new OpenAiEngine(config.openai, timeoutMs);
  }
  if (config.provider === "baidu") {
    if (!config.baidu)
      throw new OcrError("OCR_CONFIG", 'provider "baidu" needs the baidu {apiKey, secretKey, baseUrl?} config');
    return new BaiduEngine(config.baidu, timeoutMs);
  }
  throw new OcrError("OCR_CONFIG", `unknown OCR provider ${String((config as { provider: unknown }).provider)}`);
}

let shared: OcrEngine | null = null;

/** Convenience: recognise with a shared, lazily created embedded engine. */
export function recognize(image: Uint8Array, opts: RecognizeOptions = {}, signal?: AbortSignal): Promise<OcrResult> {
  shared ??= createOcrEngine({ provider: "embedded" });
  return shared.recognize(image, opts, signal);
}

/** Close the shared engine used by `recognize` (e.g. on server shutdown). */
export async function closeSharedEngine(): Promise<void> {
  const e = shared;
  shared = null;
  await e?.close();
}
