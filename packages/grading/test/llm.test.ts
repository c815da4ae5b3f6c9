import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGrader, type Logger } from "../src/index.ts";
import { EN_NEWS, NEWS_TOPIC } from "./fixtures.ts";

// A stand-in for the remote chat-completions service (not a mock of our code): answers per scenario.
type Scenario = "ok" | "invalid-then-ok" | "invalid" | "slow" | "error" | "fenced";
let scenario: Scenario = "ok";
let calls = 0;
let lastBody: { model: string; messages: { role: string; content: string }[] } | undefined;
let lastAuth = "";
let server: Server;
let baseUrl = "";

const good = {
  criteria: [
    { key: "content", score: 11, evidence: ["Science Fair Draws Record Crowd"] },
    { key: "organisation", score: 9, evidence: ["However, not every experiment went to plan."] },
    { key: "language", score: 8, evidence: ["ranged from a solar-powered water pump"] },
    { key: "conventions", score: 99, evidence: [] },
  ],
  feedback: {
    overall: "A lively report.",
    strengths: ["The headline 'Science Fair Draws Record Crowd' is concise."],
    improvements: ["The fourth paragraph could quote the judges."],
  },
};

function reply(content: string) {
  return JSON.stringify({
    id: "x",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content } }],
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  let s = "";
  for await (const chunk of req) s += chunk;
  return s;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    calls++;
    lastBody = JSON.parse(body);
    lastAuth = String(req.headers.authorization ?? "");
    if (req.url !== "/v1/chat/completions") {
      res.writeHead(404).end();
      return;
    }
    const send = (content: string) => res.writeHead(200, { "content-type": "application/json" }).end(reply(content));
    switch (scenario) {
      case "ok":
        return send(JSON.stringify(good));
      case "fenced":
        return send(`Here you go:\n\`\`\`json\n${JSON.stringify(good)}\n\`\`\``);
      case "invalid-then-ok":
        return send(calls === 1 ? "I think this essay deserves 30 points." : JSON.stringify(good));
      case "invalid":
        return send(JSON.stringify({ criteria: [{ key: "content", score: "eleven" }] }));
      case "error":
        res.writeHead(503).end("busy");
        return;
      case "slow":
        setTimeout(() => send(JSON.stringify(good)), 2000).unref();
        return;
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function setup(s: Scenario, timeoutMs = 1000) {
  scenario = s;
  calls = 0;
  const warnings: string[] = [];
  const logger: Logger = { warn: (m) => warnings.push(m) };
  const grader = createGrader({
    provider: "openai",
    openai: { baseUrl, model: "test-model", apiKey: "sk-test" },
    timeoutMs,
    logger,
  });
  return { grader, warnings };
}

const input = { text: EN_NEWS, topic: NEWS_TOPIC, feedbackLanguage: "en" as const, targetLength: 500 };

describe("openai provider", () => {
  it("grades via the chat-completions API, clamping and summing in code", async () => {
    const { grader, warnings } = setup("ok");
    expect(grader.id).toBe("openai:test-model");
    const r = await grader.grade(input);
    expect(calls).toBe(1);
    expect(r.engine).toBe("openai:test-model");
    expect(r.criteria.map((c) => c.score)).toEqual([11, 9, 8, 8]); // 99 clamped to the max of 8
    expect(r.totalScore).toBe(36);
    expect(r.grade).toBe("excellent");
    expect(r.feedback.overall).toBe("A lively report.");
    expect(r.criteria[0]!.evidence[0]!.quote).toBe("Science Fair Draws Record Crowd");
    expect(warnings).toEqual([]);
    expect(lastAuth).toBe("Bearer sk-test");
    expect(lastBody!.model).toBe("test-model");
    const prompt = lastBody!.messages.map((m) => m.content).join("\n");
    expect(prompt).toContain("Science Fair Draws Record Crowd");
    expect(prompt).toContain("campus event");
    expect(prompt).toContain('"conventions"');
  });

  it("accepts JSON inside a fenced block", async () => {
    const { grader } = setup("fenced");
    expect((await grader.grade(input)).totalScore).toBe(36);
  });

  it("retries once on invalid output", async () => {
    const { grader, warnings } = setup("invalid-then-ok");
    const r = await grader.grade(input);
    expect(calls).toBe(2);
    expect(r.engine).toBe("openai:test-model");
    expect(warnings.length).toBe(1);
  });

  it("falls back to the embedded grader after two invalid outputs", async () => {
    const { grader, warnings } = setup("invalid");
    const r = await grader.grade(input);
    expect(calls).toBe(2);
    expect(r.engine).toBe("embedded");
    expect(r.totalScore).toBe(r.criteria.reduce((a, c) => a + c.score, 0));
    expect(warnings.some((w) => /falling back/.test(w))).toBe(true);
  });

  it("falls back on HTTP errors", async () => {
    const { grader, warnings } = setup("error");
    const r = await grader.grade(input);
    expect(r.engine).toBe("embedded");
    expect(warnings.some((w) => /falling back/.test(w))).toBe(true);
  });

  it("passes a caller's abort through instead of falling back", async () => {
    const { grader } = setup("slow", 5000);
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(new Error("cancelled by user")), 100);
    await expect(grader.grade(input, ctrl.signal)).rejects.toThrow();
  });

  it("falls back when the service times out", async () => {
    const { grader, warnings } = setup("slow", 200);
    const t0 = Date.now();
    const r = await grader.grade(input);
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(r.engine).toBe("embedded");
    expect(warnings.some((w) => /falling back/.test(w))).toBe(true);
  });
});
