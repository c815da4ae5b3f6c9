import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BAIDU_MAX_IMAGE_CHARS, baiduImage } from "../src/baidu.ts";
import { BaiduEngine, createOcrEngine, OcrError } from "../src/index.ts";
import { renderText } from "./helpers.ts";

/**
 * A stand-in for Baidu AI Cloud (aip.baidubce.com) speaking its documented REST shape: the OAuth token endpoint
 * and the handwriting endpoint, which reports errors as HTTP 200 with `error_code`.
 */
interface TokenRequest {
  method: string;
  query: URLSearchParams;
}
interface OcrRequest {
  method: string;
  token: string | null;
  contentType: string | undefined;
  raw: string;
  form: URLSearchParams;
}

type Mode = "lines" | "empty" | "code18" | "code216201" | "http500" | "slow";

let server: Server;
let baseUrl = "";
const tokenRequests: TokenRequest[] = [];
const ocrRequests: OcrRequest[] = [];
let mode: Mode = "lines";
/** expires_in of the tokens handed out (seconds). */
let tokenLife = 2_592_000;
/** Tokens the recognition endpoint answers with error 110 (as if revoked or expired early). */
const revoked = new Set<string>();
/** Revoke every token as it is issued. */
let revokeAll = false;
/** Revoke only the next token issued. */
let revokeNext = false;
let issued = 0;
/** Delay of the token endpoint (ms). */
let tokenDelayMs = 0;

const LINES = {
  log_id: 1744000000000001,
  words_result_num: 3,
  // Out of reading order on purpose; coordinates are in the sent (2000 × 500) JPEG.
  words_result: [
    { words: "它很可爱。", location: { left: 20, top: 120, width: 200, height: 40 }, probability: { average: 0.9 } },
    {
      words: "小花猫，",
      location: { left: 300, top: 22, width: 150, height: 40 },
      probability: { average: 0.8, min: 0.5, variance: 0.01 },
    },
    { words: "我爱我的", location: { left: 20, top: 20, width: 260, height: 42 } },
  ],
};

async function readBody(req: IncomingMessage): Promise<string> {
  let s = "";
  for await (const chunk of req) s += chunk;
  return s;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const raw = await readBody(req);
    if (url.pathname === "/oauth/2.0/token") {
      tokenRequests.push({ method: req.method ?? "", query: url.searchParams });
      if (tokenDelayMs) await new Promise((r) => setTimeout(r, tokenDelayMs));
      const q = url.searchParams;
      if (
        q.get("grant_type") !== "client_credentials" ||
        q.get("client_id") !== "ak" ||
        q.get("client_secret") !== "sk"
      )
        return json(res, 401, { error: "invalid_client", error_description: "unknown client id" });
      const token = `tok-${++issued}`;
      if (revokeAll || revokeNext) revoked.add(token);
      revokeNext = false;
      return json(res, 200, { access_token: token, expires_in: tokenLife, scope: "brain_all_scope" });
    }
    if (url.pathname !== "/rest/2.0/ocr/v1/handwriting") return json(res, 404, { error: "not found" });
    const token = url.searchParams.get("access_token");
    ocrRequests.push({
      method: req.method ?? "",
      token,
      contentType: req.headers["content-type"],
      raw,
      form: new URLSearchParams(raw),
    });
    if (!token || revoked.has(token) || !token.startsWith("tok-"))
      return json(res, 200, { error_code: 110, error_msg: "Access token invalid or no longer valid", log_id: 7 });
    if (mode === "http500") return json(res, 500, { error: "internal" });
    if (mode === "code18") return json(res, 200, { error_code: 18, error_msg: "Open api qps request limit reached" });
    if (mode === "code216201") return json(res, 200, { error_code: 216201, error_msg: "image format error" });
    if (mode === "empty") return json(res, 200, { log_id: 2, words_result_num: 0, words_result: [] });
    if (mode === "slow") await new Promise((r) => setTimeout(r, 2000));
    return json(res, 200, LINES);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  mode = "lines";
  tokenLife = 2_592_000;
  revokeAll = false;
  revokeNext = false;
  tokenDelayMs = 0;
});

function engine(opts: { timeoutMs?: number; secretKey?: string } = {}) {
  return createOcrEngine({
    provider: "baidu",
    baidu: { apiKey: "ak", secretKey: opts.secretKey ?? "sk", baseUrl: `${baseUrl}/` },
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
  });
}

/** A 1000 × 4000 JPEG with EXIF orientation 6: upright it is 4000 × 1000, sent to Baidu as 2000 × 500. */
async function rotatedPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1000, height: 4000, channels: 3, background: "#ffffff" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe("provider switch", () => {
  it("creates the baidu engine without calling the service", () => {
    const before = tokenRequests.length + ocrRequests.length;
    const e = createOcrEngine({ provider: "baidu", baidu: { apiKey: "ak", secretKey: "sk" } });
    expect(e).toBeInstanceOf(BaiduEngine);
    expect(e.id).toBe("baidu");
    expect(e.version).toBe("handwriting-v1");
    expect(tokenRequests.length + ocrRequests.length).toBe(before);
  });
  it("missing keys are a configuration error", () => {
    const config = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err instanceof OcrError ? [err.code, err.retryable] : err;
      }
      return "no error";
    };
    expect(config(() => createOcrEngine({ provider: "baidu" }))).toEqual(["OCR_CONFIG", false]);
    expect(config(() => createOcrEngine({ provider: "baidu", baidu: { apiKey: "ak", secretKey: "" } }))).toEqual([
      "OCR_CONFIG",
      false,
    ]);
    expect(config(() => new BaiduEngine({ apiKey: "", secretKey: "sk" }))).toEqual(["OCR_CONFIG", false]);
  });
});

describe("baidu provider", () => {
  it("fetches a token, sends the image as a form and maps lines, boxes and confidence in reading order", async () => {
    const t0 = tokenRequests.length;
    const r = await engine().recognize(await rotatedPhoto(), { languageHint: "zh-Hans" });

    expect(tokenRequests.length).toBe(t0 + 1);
    const tq = tokenRequests.at(-1)!;
    expect(tq.method).toBe("POST");
    expect(Object.fromEntries(tq.query)).toEqual({
      grant_type: "client_credentials",
      client_id: "ak",
      client_secret: "sk",
    });

    const req = ocrRequests.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.token).toBe(`tok-${issued}`);
    expect(req.contentType).toBe("application/x-www-form-urlencoded");
    // Only the photo and the two options: no name, no language hint.
    expect([...req.form.keys()]).toEqual(["image", "recognize_granularity", "probability"]);
    expect(req.form.get("recognize_granularity")).toBe("big");
    expect(req.form.get("probability")).toBe("true");
    // base64 is urlencoded ("/9j/" of a JPEG becomes %2F9j%2F) and decodes to the upright, downscaled JPEG.
    expect(req.raw.startsWith("image=%2F9j%2F")).toBe(true);
    const sent = await sharp(Buffer.from(req.form.get("image")!, "base64")).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual(["jpeg", 2000, 500]);

    expect(r.text).toBe("我爱我的小花猫，\n它很可爱。");
    expect(r.engine).toBe("baidu");
    expect(r.version).toBe("handwriting-v1");
    expect(r.pages).toBe(1);
    expect(r.reason).toBeUndefined();
    expect(r.lines.map((l) => [l.text, l.paragraph])).toEqual([
      ["我爱我的小花猫，", 0],
      ["它很可爱。", 0],
    ]);
    // Boxes in pixels of the upright 4000 × 1000 original (twice the sent coordinates).
    expect(r.lines[0]!.box).toEqual([
      [40, 40],
      [900, 44],
      [900, 124],
      [40, 124],
    ]);
    expect(r.lines[1]!.box).toEqual([
      [40, 240],
      [440, 240],
      [440, 320],
      [40, 320],
    ]);
    // Line 1: "我爱我的" without probability counts as 1, "小花猫，" 0.8, weighted by characters.
    expect(r.lines[0]!.confidence).toBeCloseTo(0.9, 6);
    expect(r.lines[1]!.confidence).toBeCloseTo(0.9, 6);
  });

  it("caches the token: one token request for two recognitions", async () => {
    const e = engine();
    const t0 = tokenRequests.length;
    const o0 = ocrRequests.length;
    const png = await renderText(["hello"]);
    await e.recognize(png);
    await e.recognize(png);
    expect(tokenRequests.length).toBe(t0 + 1);
    expect(ocrRequests.length).toBe(o0 + 2);
    expect(ocrRequests.at(-1)!.token).toBe(ocrRequests.at(-2)!.token);
  });

  it("concurrent first calls share one token request", async () => {
    tokenDelayMs = 300;
    const e = engine();
    const t0 = tokenRequests.length;
    const png = await renderText(["hello"]);
    await Promise.all([e.recognize(png), e.recognize(png)]);
    expect(tokenRequests.length).toBe(t0 + 1);
  });

  it("fetches a new token when the cached one is about to expire", async () => {
    tokenLife = 0;
    const e = engine();
    const t0 = tokenRequests.length;
    const png = await renderText(["hello"]);
    await e.recognize(png);
    await e.recognize(png);
    expect(tokenRequests.length).toBe(t0 + 2);
  });

  it("an empty page gives empty text with reason no_text_found", async () => {
    mode = "empty";
    const r = await engine().recognize(await renderText([""]));
    expect(r).toMatchObject({ text: "", lines: [], reason: "no_text_found", engine: "baidu" });
  });

  it("error_code 18 (QPS limit) is a retryable provider error", async () => {
    mode = "code18";
    const err = await engine()
      .recognize(await renderText(["x"]))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OcrError);
    expect(err).toMatchObject({ code: "OCR_PROVIDER", retryable: true });
    expect((err as Error).message).toMatch(/18: Open api qps request limit reached/);
  });

  it("error_code 216201 (bad image) is not retryable", async () => {
    mode = "code216201";
    await expect(engine().recognize(await renderText(["x"]))).rejects.toMatchObject({
      code: "OCR_PROVIDER",
      retryable: false,
      message: expect.stringMatching(/216201/),
    });
  });

  it("an expired token (110) is refreshed once and the call succeeds", async () => {
    revokeNext = true;
    const t0 = tokenRequests.length;
    const o0 = ocrRequests.length;
    const r = await engine().recognize(await rotatedPhoto());
    expect(r.text).toBe("我爱我的小花猫，\n它很可爱。");
    expect(tokenRequests.length).toBe(t0 + 2);
    expect(ocrRequests.length).toBe(o0 + 2);
    const [first, second] = ocrRequests.slice(-2);
    expect(revoked.has(first!.token!)).toBe(true);
    expect(second!.token).not.toBe(first!.token);
  });

  it("a fresh token rejected again is not refreshed a second time", async () => {
    revokeAll = true;
    const t0 = tokenRequests.length;
    await expect(engine().recognize(await renderText(["x"]))).rejects.toMatchObject({
      code: "OCR_PROVIDER",
      retryable: false,
    });
    expect(tokenRequests.length).toBe(t0 + 2);
  });

  it("wrong keys: the token error is not retryable and the secret is not in the message", async () => {
    const o0 = ocrRequests.length;
    const err = await engine({ secretKey: "wrong-secret" })
      .recognize(await renderText(["x"]))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "OCR_PROVIDER", retryable: false });
    expect((err as Error).message).toMatch(/invalid_client: unknown client id/);
    expect((err as Error).message).not.toMatch(/wrong-secret/);
    expect(ocrRequests.length).toBe(o0);
  });

  it("HTTP 500 is a retryable provider error", async () => {
    mode = "http500";
    await expect(engine().recognize(await renderText(["x"]))).rejects.toMatchObject({
      code: "OCR_PROVIDER",
      retryable: true,
    });
  });

  it("times out with a retryable OCR_TIMEOUT", async () => {
    mode = "slow";
    await expect(engine({ timeoutMs: 200 }).recognize(await renderText(["x"]))).rejects.toMatchObject({
      code: "OCR_TIMEOUT",
      retryable: true,
    });
  });

  it("the caller's AbortSignal gives OCR_ABORTED, whatever the abort reason", async () => {
    mode = "slow";
    const png = await renderText(["x"]);
    for (const reason of [undefined, "teacher cancelled"]) {
      const ac = new AbortController();
      setTimeout(() => ac.abort(reason), 100);
      await expect(engine().recognize(png, {}, ac.signal)).rejects.toMatchObject({
        code: "OCR_ABORTED",
        retryable: false,
      });
    }
  });

  it("an abort while waiting for the token gives OCR_ABORTED", async () => {
    tokenDelayMs = 1000;
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const o0 = ocrRequests.length;
    const png = await renderText(["x"]);
    const start = Date.now();
    await expect(engine().recognize(png, {}, ac.signal)).rejects.toMatchObject({ code: "OCR_ABORTED" });
    expect(Date.now() - start).toBeLessThan(700);
    expect(ocrRequests.length).toBe(o0);
  });

  it("rejects corrupt images before calling the service", async () => {
    const before = tokenRequests.length + ocrRequests.length;
    await expect(engine().recognize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).rejects.toMatchObject({
      code: "OCR_BAD_IMAGE",
      retryable: false,
    });
    expect(tokenRequests.length + ocrRequests.length).toBe(before);
  });
});

describe("image size limit", () => {
  it("lowers JPEG quality and size until the urlencoded base64 fits", async () => {
    const w = 2400;
    const noise = Buffer.alloc(w * w * 3);
    let seed = 1;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      noise[i] = seed >>> 24;
    }
    const photo = await sharp(noise, { raw: { width: w, height: w, channels: 3 } })
      .png()
      .toBuffer();
    const full = await baiduImage(photo);
    expect(full.value.length).toBeLessThanOrEqual(BAIDU_MAX_IMAGE_CHARS);
    expect([full.jpeg.width, full.jpeg.originalWidth]).toEqual([2000, w]);
    const limit = Math.floor(full.value.length / 3);
    const small = await baiduImage(photo, limit);
    expect(small.value.length).toBeLessThanOrEqual(limit);
    expect(small.jpeg.originalWidth).toBe(w);
    expect((await sharp(Buffer.from(decodeURIComponent(small.value), "base64")).metadata()).format).toBe("jpeg");
    await expect(baiduImage(photo, 1000)).rejects.toMatchObject({ code: "OCR_BAD_IMAGE" });
  });
});
