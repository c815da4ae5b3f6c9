import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { ESSAY_MAX_CHARS, PERSON_NAME_MAX_CHARS, TOPIC_MAX_CHARS } from "@essay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/http/app.ts";
import { JobQueue } from "../src/jobs/queue.ts";
import { createLogger } from "../src/lib/logger.ts";
import { DemoSmsProvider } from "../src/providers/sms/demo.sms.ts";
import { LocalStorage } from "../src/providers/storage/index.ts";
import { openTestDatabase } from "./databases.ts";
import { signedIn } from "./factories.ts";
import { listenTestApp, TEST_HASHING, type TestApp, type TestClient, testDatabases } from "./harness.ts";
import { postImage, renderPage, TEST_JOBS } from "./manuscripts-harness.ts";

/** The real app with manuscripts (a queue, no workers: nothing is read here) and its log lines kept in memory. */
async function startLoggedApp(kind: "pglite" | "postgres"): Promise<TestApp & { logLines: string[] }> {
  const testDb = await openTestDatabase(kind);
  const dataDir = await mkdtemp(path.join(tmpdir(), "essay-hard-"));
  const queue = new JobQueue(testDb.database, TEST_JOBS);
  await queue.start();
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const sms = new DemoSmsProvider();
  const app = await buildApp({
    config: { publicUrl: undefined, logLevel: "info", nodeEnv: "test" },
    logger: createLogger({ level: "info", format: "json" }, stream),
    database: testDb.database,
    sms,
    manuscripts: { storage: new LocalStorage(path.join(dataDir, "files")), queue },
    passwordHashing: TEST_HASHING,
  });
  const base = await listenTestApp(kind, testDb, app, sms);
  return {
    ...base,
    logLines,
    async close() {
      await queue.stop({ graceful: false, timeoutMs: 1000 }).catch(() => {});
      await base.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const STUDENT = { studentName: "李华", studentClass: "三年级二班", studentId: "S001" };

describe.each(testDatabases())("hardened requests (%s)", (kind) => {
  let t: TestApp & { logLines: string[] };
  let teacher: TestClient;
  beforeAll(async () => {
    t = await startLoggedApp(kind);
    teacher = (await signedIn(t)).client;
  }, 60_000);
  afterAll(async () => t?.close());

  async function manuscript(): Promise<string> {
    const res = await teacher.post("/api/manuscripts", STUDENT);
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it("refuses a NUL character in any text field with 400 naming the field, and logs no submitted value", async () => {
    const id = await manuscript();
    const marker = "Zq7secretvalue";
    const cases: [string, string, unknown][] = [
      ["POST", "/api/auth/login-password", { phoneNumber: "+8613800138000", password: `${marker}\u0000x` }],
      ["POST", "/api/manuscripts", { ...STUDENT, studentName: `${marker}\u0000` }],
      ["PATCH", `/api/manuscripts/${id}`, { topic: `${marker}\u0000` }],
      ["POST", `/api/manuscripts/${id}/confirm-text`, { confirmedText: `${marker}\u0000 text` }],
      ["POST", "/api/classes", { name: `${marker}\u0000`, grade: "三年级", subject: "语文" }],
      [
        "PUT",
        "/api/user/profile",
        { name: `${marker}\u0000`, phoneNumber: "+8613800138000", country: "CN", workLanguage: "en" },
      ],
      ["POST", "/api/text-correction", { text: `${marker}\u0000` }],
    ];
    for (const [method, url, body] of cases) {
      const res = await teacher.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(JSON.stringify(res.body)).not.toContain(marker);
    }
    // in the address too: a path parameter and a query value
    expect((await teacher.get("/api/manuscripts/%00")).status).toBe(400);
    expect((await teacher.get("/api/manuscripts?page=%00")).status).toBe(400);
    // the record is unchanged
    expect((await teacher.get(`/api/manuscripts/${id}`)).body.topic).not.toContain(marker);
    const lines = t.logLines.join("");
    expect(lines).toContain(`"statusCode":400`);
    expect(lines).not.toContain(marker);
  });

  it("caps every text field: an essay fits 8 pages (20,000 characters), names and topics their own lengths", async () => {
    const id = await manuscript();
    const tooLong: [string, string, unknown][] = [
      ["POST", "/api/manuscripts", { ...STUDENT, studentName: "李".repeat(PERSON_NAME_MAX_CHARS + 1) }],
      ["POST", "/api/manuscripts", { ...STUDENT, topic: "题".repeat(TOPIC_MAX_CHARS + 1) }],
      ["POST", `/api/manuscripts/${id}/confirm-text`, { confirmedText: "字".repeat(ESSAY_MAX_CHARS + 1) }],
      ["POST", "/api/text-correction", { text: "字".repeat(ESSAY_MAX_CHARS + 1) }],
      [
        "PUT",
        "/api/user/profile",
        { name: "n".repeat(900_000), phoneNumber: "+8613800138000", country: "CN", workLanguage: "en" },
      ],
      ["POST", "/api/auth/login-password", { phoneNumber: "+8613800138000", password: "p#1".repeat(100) }],
      ["POST", "/api/classes", { name: "班".repeat(101), grade: "三年级", subject: "语文" }],
    ];
    for (const [method, url, body] of tooLong) {
      const res = await teacher.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(["VALIDATION_FAILED", "STUDENT_INFO_INCOMPLETE"]).toContain(res.body.code);
    }
    // at the cap it is taken: a full-length name, and an essay of exactly 20,000 characters gets past validation
    const longest = await teacher.post("/api/manuscripts", {
      ...STUDENT,
      studentName: "李".repeat(PERSON_NAME_MAX_CHARS),
    });
    expect(longest.status).toBe(201);
    const full = await teacher.post(`/api/manuscripts/${id}/confirm-text`, {
      confirmedText: "字".repeat(ESSAY_MAX_CHARS),
    });
    expect(full.body.code).toBe("INVALID_STATE");
  });

  it("sends security headers and a CSP on every answer, and no-store on user data", async () => {
    const id = await manuscript();
    for (const url of ["/api/auth/me", `/api/manuscripts/${id}`, "/api/manuscripts", "/api/invitations"]) {
      const res = await teacher.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    }
    const signedOut = await t.client().get("/api/auth/me");
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses Origin null on a signed-in change (nothing is created) and a foreign origin; same origin passes", async () => {
    const before = (await teacher.get("/api/invitations")).body.length;
    const phone = "+8613911112222";
    const nullOrigin = await teacher.post("/api/invitations", { invitedPhone: phone }, { origin: "null" });
    expect(nullOrigin.status).toBe(403);
    expect(nullOrigin.body.code).toBe("ORIGIN_REJECTED");
    const foreign = await teacher.post("/api/invitations", { invitedPhone: phone }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await teacher.get("/api/invitations")).body.length).toBe(before);
    // a signed-out form from an opaque origin cannot sign the browser in either (login CSRF)
    const login = await t
      .client()
      .post("/api/auth/login-password", { phoneNumber: "+8613800138000", password: "whatever#1" }, { origin: "null" });
    expect(login.status).toBe(403);
    const own = await teacher.post("/api/invitations", { invitedPhone: phone }, { origin: t.baseUrl });
    expect(own.status).toBe(201);
  });

  it("an upload with two image parts is 400, answered rather than reset; the record is unchanged", async () => {
    const id = await manuscript();
    const page = await renderPage(["One page only."], "jpeg");
    const form = new FormData();
    form.append("image", new Blob([page], { type: "image/jpeg" }), "one.jpg");
    form.append("image", new Blob([page], { type: "image/jpeg" }), "two.jpg");
    const cookie = [...teacher.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${t.baseUrl}/api/manuscripts/${id}/upload`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("UPLOAD_FAILED");
    const five = new FormData();
    for (let i = 0; i < 5; i++) five.append("image", new Blob([page], { type: "image/jpeg" }), `${i}.jpg`);
    const many = await fetch(`${t.baseUrl}/api/manuscripts/${id}/upload`, {
      method: "POST",
      headers: { cookie },
      body: five,
    });
    expect(many.status).toBe(400);
    expect((await teacher.get(`/api/manuscripts/${id}`)).body).toMatchObject({ status: "created", pages: [] });
    // one image still works, and the photo is served no-store
    const one = await postImage(teacher, `/api/manuscripts/${id}/upload`, page);
    expect(one.status).toBe(200);
    const photo = await fetch(`${t.baseUrl}/api/manuscripts/${id}/image`, { headers: { cookie } });
    expect(photo.headers.get("cache-control")).toBe("private, no-store");
  });
});
