import { OcrError } from "./errors.ts";
import { encodeJpeg } from "./image.ts";
import { remoteResult } from "./layout.ts";
import type { OcrEngine, OcrLine, OcrResult, OpenAiConfig, RecognizeOptions } from "./types.ts";

export const OPENAI_PROMPT = [
  "You are a transcription tool for handwritten student essays.",
  "Transcribe the handwriting in the image exactly as written (verbatim).",
  "Do NOT correct spelling, grammar, punctuation or wrong characters: keep every student error.",
  "Keep Traditional or Simplified Chinese characters as written; keep pinyin as written.",
  "Ignore the teacher's red marks and the printed grid or ruling.",
  "Put each handwritten line on its own line and separate paragraphs with one blank line.",
  "Write [?] for any character or word you cannot read.",
  "Output only the transcription, no commentary.",
].join(" ");

interface ChatResponse {
  choices?: { message?: { content?: string | { type: string; text?: string }[] | null } }[];
}

export class OpenAiEngine implements OcrEngine {
  readonly id: string;
  readonly version: string;
  constructor(
    private readonly cfg: OpenAiConfig,
    private readonly timeoutMs = 60_000,
  ) {
    if (!cfg.baseUrl || !cfg.model) throw new OcrError("OCR_CONFIG", "openai provider needs baseUrl and model");
    this.id = "openai";
    this.version = cfg.model;
  }

  async warmup(): Promise<void> {}
  async close(): Promise<void> {}

  async recognize(image: Uint8Array, opts: RecognizeOptions = {}, signal?: AbortSignal): Promise<OcrResult> {
    const t0 = performance.now();
    const jpeg = (await encodeJpeg(image)).data;
    const t1 = performance.now();
    const url = `${this.cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const hint = opts.languageHint ? ` The essay is probably written in ${opts.languageHint}.` : "";
    const body = {
      model: this.cfg.model,
      temperature: 0,
      messages: [
        { role: "system", content: OPENAI_PROMPT + hint + (this.cfg.prompt ? ` ${this.cfg.prompt}` : "") },
        {
          role: "user",
          content: [
            { type: "text", text: "Transcribe this page verbatim." },
            { type: "image_url", image_url: { url: `data:image/jpeg;base64,${jpeg.toString("base64")}` } },
          ],
        },
      ],
    };
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(this.cfg.apiKey ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: combined,
      });
    } catch (err) {
      throw fetchError(err, timeout, this.timeoutMs);
    }
    let json: ChatResponse;
    try {
      if (!res.ok) {
        const detail = (await res.text()).slice(0, 300);
        const retryable = res.status === 429 || res.status >= 500;
        throw new OcrError("OCR_PROVIDER", `OCR provider answered HTTP ${res.status}: ${detail}`, { retryable });
      }
      json = (await res.json()) as ChatResponse;
    } catch (err) {
      if (err instanceof OcrError) throw err;
      throw fetchError(err, timeout, this.timeoutMs);
    }
    const content = json.choices?.[0]?.message?.content;
    const raw =
      typeof content === "string" ? content : Array.isArray(content) ? content.map((c) => c.text ?? "").join("") : null;
    if (raw === null || raw === undefined)
      throw new OcrError("OCR_PROVIDER", "OCR provider returned no message content");
    const text = normaliseTranscript(raw);
    const lines: OcrLine[] = [];
    text.split(/\n{2,}/).forEach((para, p) => {
      for (const l of para.split("\n")) {
        if (l.trim())
          lines.push({
            text: l,
            paragraph: p,
            confidence: 1,
            box: [
              [0, 0],
              [0, 0],
              [0, 0],
              [0, 0],
            ],
          });
      }
    });
    const t2 = performance.now();
    return remoteResult(text, lines, this.id, this.version, { decode: t1 - t0, request: t2 - t1, total: t2 - t0 });
  }
}

function fetchError(err: unknown, timeout: AbortSignal, ms: number): OcrError {
  if (timeout.aborted) return new OcrError("OCR_TIMEOUT", `OCR provider timed out after ${ms} ms`);
  if (err instanceof Error && err.name === "AbortError") return new OcrError("OCR_ABORTED", "OCR request aborted");
  const msg = err instanceof Error ? err.message : String(err);
  return new OcrError("OCR_PROVIDER", `OCR provider request failed: ${msg}`, { retryable: true, cause: err });
}

/** Strip code fences, trim line ends, collapse 3+ newlines to a paragraph break. */
export function normaliseTranscript(s: string): string {
  let t = s.replace(/\r\n?/g, "\n").trim();
  const fence = /^```[a-z]*\n([\s\S]*?)\n```$/i.exec(t);
  if (fence) t = fence[1]!.trim();
  return t
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
}
