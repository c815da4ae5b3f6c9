import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOcrEngine, EmbeddedEngine, OcrError, OpenAiEngine } from "../src/index.ts";
import { renderText } from "./helpers.ts";

interface Seen {
  auth?: string;
  body: {
    model: string;
    messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  };
}

let server: Server;
let baseUrl = "";
const seen: Seen[] = [];
let mode: "ok" | "fail" | "slow" | "fenced" = "ok";

async function readBody(req: IncomingMessage): Promise<string> {
  let s = "";
  for await (const chunk of req) s += chunk;
  return s;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    seen.push({ auth: req.headers.authorization, body });
    if (req.url !== "/v1/chat/completions") {
      res.writeHead(404).end("not found");
      return;
    }
    if (mode === "fail") {
      res.writeHead(503, { "content-type": "application/json" }).end('{"error":"overloaded"}');
      return;
    }
    if (mode === "slow") await new Promise((r) => setTimeout(r, 2000));
    const content =
      mode === "fenced" ? "```\n我爱我的小猫。\n```" : "我爱我的小花猫，它很可爱。\n\nMy cat is verry cute [?] .";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "x",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content } }],
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe("provider switch", () => {
  it("creates the embedded engine by default config and the openai engine when asked", async () => {
    const e = createOcrEngine({ provider: "embedded" });
    expect(e).toBeInstanceOf(EmbeddedEngine);
    expect(e.id).toBe("embedded-ppocrv4");
    await e.close();
    const o = createOcrEngine({ provider: "openai", openai: { baseUrl: "http://x/v1", model: "m", apiKey: "k" } });
    expect(o).toBeInstanceOf(OpenAiEngine);
    expect(o.id).toBe("openai");
    expect(o.version).toBe("m");
  });
  it("rejects an openai provider without config", () => {
    expect(() => createOcrEngine({ provider: "openai" })).toThrowError(OcrError);
    expect(() => createOcrEngine({ provider: "nope" as "openai" })).toThrowError(/unknown OCR provider/);
  });
});

describe("openai provider", () => {
  it("sends a verbatim-transcription request with the image and parses paragraphs", async () => {
    mode = "ok";
    const engine = createOcrEngine({ provider: "openai", openai: { baseUrl, model: "vision-1", apiKey: "sk-test" } });
    const png = await renderText(["hello"]);
    const r = await engine.recognize(png, { languageHint: "zh-Hans" });
    expect(r.text).toBe("我爱我的小花猫，它很可爱。\n\nMy cat is verry cute [?] .");
    expect(r.lines.map((l) => [l.text, l.paragraph])).toEqual([
      ["我爱我的小花猫，它很可爱。", 0],
      ["My cat is verry cute [?] .", 1],
    ]);
    expect(r.engine).toBe("openai");
    expect(r.version).toBe("vision-1");
    const req = seen.at(-1)!;
    expect(req.auth).toBe("Bearer sk-test");
    expect(req.body.model).toBe("vision-1");
    const system = req.body.messages[0]!;
    expect(system.role).toBe("system");
    expect(String(system.content)).toMatch(/verbatim/i);
    expect(String(system.content)).toMatch(/Do NOT correct/);
    expect(String(system.content)).toMatch(/zh-Hans/);
    const user = req.body.messages[1]!.content as { type: string; image_url?: { url: string } }[];
    const image = user.find((c) => c.type === "image_url")!;
    expect(image.image_url!.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });
  it("strips code fences", async () => {
    mode = "fenced";
    const engine = createOcrEngine({ provider: "openai", openai: { baseUrl: `${baseUrl}/`, model: "m" } });
    const r = await engine.recognize(await renderText(["x"]));
    expect(r.text).toBe("我爱我的小猫。");
    expect(seen.at(-1)!.auth).toBeUndefined();
  });
  it("maps HTTP 503 to a retryable provider error", async () => {
    mode = "fail";
    const engine = createOcrEngine({ provider: "openai", openai: { baseUrl, model: "m" } });
    await expect(engine.recognize(await renderText(["x"]))).rejects.toMatchObject({
      code: "OCR_PROVIDER",
      retryable: true,
    });
  });
  it("times out with a retryable error", async () => {
    mode = "slow";
    const engine = createOcrEngine({ provider: "openai", openai: { baseUrl, model: "m" }, timeoutMs: 200 });
    await expect(engine.recognize(await renderText(["x"]))).rejects.toMatchObject({
      code: "OCR_TIMEOUT",
      retryable: true,
    });
  });
  it("rejects corrupt images before calling the provider", async () => {
    const before = seen.length;
    const engine = createOcrEngine({ provider: "openai", openai: { baseUrl, model: "m" } });
    await expect(engine.recognize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).rejects.toMatchObject({
      code: "OCR_BAD_IMAGE",
      retryable: false,
    });
    expect(seen.length).toBe(before);
  });
});
