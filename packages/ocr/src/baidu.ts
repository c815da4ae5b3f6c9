import { OcrError } from "./errors.ts";
import { type EncodedJpeg, encodeJpeg } from "./image.ts";
import { layoutLines, remoteResult, type Segment } from "./layout.ts";
import type { BaiduConfig, OcrEngine, OcrResult, Quad, RecognizeOptions } from "./types.ts";

/**
 * Baidu AI Cloud handwriting OCR (手写文字识别), called through its documented REST API with `fetch` (not the
 * `baidu-aip-sdk` package) so the base URL can point at a local test server. Only the photo is sent: no name,
 * class or language hint.
 */
export const BAIDU_DEFAULT_BASE_URL = "https://aip.baidubce.com";
/** Baidu's limit for the `image` field: base64, then urlencoded, at most 4 MB. */
export const BAIDU_MAX_IMAGE_CHARS = 4 * 1024 * 1024;

/** Downscale steps tried in order until the urlencoded base64 fits `BAIDU_MAX_IMAGE_CHARS`. */
const JPEG_ATTEMPTS: readonly { maxSide: number; quality: number }[] = [
  { maxSide: 2000, quality: 88 },
  { maxSide: 2000, quality: 75 },
  { maxSide: 2000, quality: 60 },
  { maxSide: 1600, quality: 60 },
  { maxSide: 1280, quality: 60 },
  { maxSide: 1024, quality: 50 },
];

/** Baidu error codes that may succeed later: unknown/temporary failure, QPS and quota limits, internal errors. */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 18, 19, 216630, 216634, 282000]);
/** Access token invalid (110) or expired (111): fetch a new token and try once more. */
const TOKEN_CODES = new Set([110, 111]);

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

interface HandwritingAnswer {
  log_id?: number | string;
  words_result_num?: number;
  words_result?: {
    words?: string;
    location?: { left?: number; top?: number; width?: number; height?: number };
    probability?: { average?: number };
  }[];
  error_code?: number;
  error_msg?: string;
}

/** The signals of one `recognize` call: its own time limit, the caller's signal, and both combined. */
interface CallSignals {
  timeout: AbortSignal;
  caller: AbortSignal | undefined;
  combined: AbortSignal;
}

export class BaiduEngine implements OcrEngine {
  readonly id = "baidu";
  readonly version = "handwriting-v1";
  private readonly baseUrl: string;
  private token: { value: string; expiresAt: number } | null = null;
  /** The token request in flight, shared by concurrent calls. */
  private tokenRequest: Promise<string> | null = null;

  constructor(
    private readonly cfg: BaiduConfig,
    private readonly timeoutMs = 60_000,
  ) {
    if (!cfg.apiKey || !cfg.secretKey) throw new OcrError("OCR_CONFIG", "baidu provider needs apiKey and secretKey");
    this.baseUrl = (cfg.baseUrl || BAIDU_DEFAULT_BASE_URL).replace(/\/+$/, "");
  }

  async warmup(): Promise<void> {}
  async close(): Promise<void> {}

  async recognize(image: Uint8Array, opts: RecognizeOptions = {}, signal?: AbortSignal): Promise<OcrResult> {
    const t0 = performance.now();
    const { jpeg, value } = await baiduImage(image);
    const t1 = performance.now();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const s: CallSignals = { timeout, caller: signal, combined: signal ? AbortSignal.any([signal, timeout]) : timeout };
    const form = `image=${value}&recognize_granularity=big&probability=true`;
    let token = await this.accessToken(s);
    let answer = await this.post(form, token, s);
    if (answer.error_code && TOKEN_CODES.has(answer.error_code)) {
      this.forgetToken(token);
      token = await this.accessToken(s);
      answer = await this.post(form, token, s);
      if (answer.error_code && TOKEN_CODES.has(answer.error_code))
        throw new OcrError("OCR_PROVIDER", `Baidu OCR rejected a fresh access token: ${describe(answer)}`, {
          retryable: false,
        });
    }
    if (answer.error_code)
      throw new OcrError("OCR_PROVIDER", `Baidu OCR error ${describe(answer)}`, {
        retryable: RETRYABLE_CODES.has(answer.error_code),
      });
    if (!Array.isArray(answer.words_result)) throw new OcrError("OCR_PROVIDER", "Baidu OCR returned no words_result");
    const t2 = performance.now();
    const sx = jpeg.originalWidth / jpeg.width;
    const sy = jpeg.originalHeight / jpeg.height;
    const segments: Segment[] = answer.words_result.map((w) => {
      const { left = 0, top = 0, width = 0, height = 0 } = w.location ?? {};
      const x0 = left * sx;
      const y0 = top * sy;
      const x1 = (left + width) * sx;
      const y1 = (top + height) * sy;
      const box: Quad = [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ];
      const p = w.probability?.average;
      const confidence = typeof p === "number" && Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 1;
      return { text: w.words ?? "", box, confidence };
    });
    const { lines, text } = layoutLines(segments, { paragraphs: opts.steps?.paragraphs ?? true });
    const t3 = performance.now();
    return remoteResult(text, lines, this.id, this.version, {
      decode: t1 - t0,
      request: t2 - t1,
      layout: t3 - t2,
      total: t3 - t0,
    });
  }

  /** The cached token, or a new one when there is none or it expires soon (one request for concurrent calls). */
  private accessToken(s: CallSignals): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return untilAborted(this.tokenRequest, s.combined).catch((err: unknown) => {
      throw requestError(err, s, this.timeoutMs);
    });
  }

  private forgetToken(value: string): void {
    if (this.token?.value === value) this.token = null;
  }

  /** Not tied to one caller's signal (other calls may wait for it); it has its own time limit. */
  private async fetchToken(): Promise<string> {
    const query = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: this.cfg.apiKey,
      client_secret: this.cfg.secretKey,
    });
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const s: CallSignals = { timeout, caller: undefined, combined: timeout };
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/oauth/2.0/token?${query}`, { method: "POST", signal: timeout });
    } catch (err) {
      throw requestError(err, s, this.timeoutMs);
    }
    let json: TokenAnswer;
    try {
      const body = await res.text();
      try {
        json = JSON.parse(body) as TokenAnswer;
      } catch {
        json = { error: `HTTP ${res.status}`, error_description: body.slice(0, 300) };
      }
    } catch (err) {
      throw requestError(err, s, this.timeoutMs);
    }
    if (!res.ok || !json.access_token) {
      const why = [json.error, json.error_description].filter(Boolean).join(": ") || "no access_token";
      const retryable = res.status === 429 || res.status >= 500;
      throw new OcrError("OCR_PROVIDER", `Baidu token request failed (HTTP ${res.status}): ${why}`, { retryable });
    }
    // Baidu tokens live 30 days; renew 5 minutes (or a tenth of a short lifetime) before they expire.
    const lifeMs = (Number(json.expires_in) || 0) * 1000;
    this.token = { value: json.access_token, expiresAt: Date.now() + lifeMs - Math.min(300_000, lifeMs / 10) };
    return json.access_token;
  }

  private async post(form: string, token: string, s: CallSignals): Promise<HandwritingAnswer> {
    const url = `${this.baseUrl}/rest/2.0/ocr/v1/handwriting?access_token=${encodeURIComponent(token)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
        signal: s.combined,
      });
    } catch (err) {
      throw requestError(err, s, this.timeoutMs);
    }
    try {
      if (!res.ok) {
        const detail = (await res.text()).slice(0, 300);
        const retryable = res.status === 429 || res.status >= 500;
        throw new OcrError("OCR_PROVIDER", `OCR provider answered HTTP ${res.status}: ${detail}`, { retryable });
      }
      return (await res.json()) as HandwritingAnswer;
    } catch (err) {
      throw requestError(err, s, this.timeoutMs);
    }
  }
}

/**
 * The photo as Baidu takes it: EXIF-rotated, downscaled JPEG whose urlencoded base64 (`value`) fits `limit`;
 * quality and size are reduced step by step when it does not.
 */
export async function baiduImage(
  image: Uint8Array,
  limit = BAIDU_MAX_IMAGE_CHARS,
): Promise<{ jpeg: EncodedJpeg; value: string }> {
  for (const attempt of JPEG_ATTEMPTS) {
    const jpeg = await encodeJpeg(image, attempt);
    const value = encodeURIComponent(jpeg.data.toString("base64"));
    if (value.length <= limit) return { jpeg, value };
  }
  throw new OcrError("OCR_BAD_IMAGE", `Image does not fit Baidu's ${limit}-character limit even as a small JPEG`);
}

function describe(a: HandwritingAnswer): string {
  return `${a.error_code}: ${a.error_msg ?? "(no message)"}${a.log_id === undefined ? "" : ` (log_id ${a.log_id})`}`;
}

function requestError(err: unknown, s: CallSignals, ms: number): OcrError {
  if (err instanceof OcrError) return err;
  if (s.timeout.aborted) return new OcrError("OCR_TIMEOUT", `OCR provider timed out after ${ms} ms`);
  if (s.caller?.aborted || (err instanceof Error && err.name === "AbortError"))
    return new OcrError("OCR_ABORTED", "OCR request aborted");
  const msg = err instanceof Error ? err.message : String(err);
  return new OcrError("OCR_PROVIDER", `OCR provider request failed: ${msg}`, { retryable: true, cause: err });
}

/** `p`, or a rejection with the signal's reason as soon as it fires. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
