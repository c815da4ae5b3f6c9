import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/http/app.ts";
import { DemoSmsProvider } from "../src/providers/sms/demo.sms.ts";
import { createUser, randomPhone } from "./factories.ts";
import { startTestApp, type TestApp, TestClient, testDatabases } from "./harness.ts";

describe.each(testDatabases())("rate limits (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.testDb.database.query("delete from rate_limit_events");
  });

  const login = (phoneNumber: string, password: string) =>
    t.client().post("/api/auth/login-password", { phoneNumber, password });

  function expectLimited(res: { status: number; headers: Headers; body: { code: string } }, maxSeconds: number) {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("RATE_LIMITED");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  }

  it("10 failed sign-ins per phone in 15 minutes, then 429 with Retry-After even for the right password", async () => {
    const { user, password } = await createUser(t.db);
    for (let i = 0; i < 10; i++) expect((await login(user.phoneNumber, `wrong-pass-${i}`)).status).toBe(401);
    expectLimited(await login(user.phoneNumber, password), 15 * 60);
    // the phone limit holds from any address: forget the IP's count and it is still refused
    await t.testDb.database.query("delete from rate_limit_events where key like 'signin:ip:%'");
    expectLimited(await login(user.phoneNumber, password), 15 * 60);
    const other = await createUser(t.db);
    expect((await login(other.user.phoneNumber, other.password)).status).toBe(200);
  });

  it("10 failed sign-ins per client IP across phones, then 429", async () => {
    for (let i = 0; i < 10; i++) expect((await login(randomPhone(), "wrong-pass-1")).status).toBe(401);
    const { user, password } = await createUser(t.db);
    expectLimited(await login(user.phoneNumber, password), 15 * 60);
  });

  it("successful sign-ins are not counted", async () => {
    const { user, password } = await createUser(t.db);
    for (let i = 0; i < 12; i++) expect((await login(user.phoneNumber, password)).status).toBe(200);
  });

  it("one code per phone and purpose per 60 s", async () => {
    const phoneNumber = randomPhone();
    const send = () => t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "login" });
    expect((await send()).status).toBe(200);
    expectLimited(await send(), 60);
    // another phone is not affected
    const other = await t
      .client()
      .post("/api/auth/send-verification-code", { phoneNumber: randomPhone(), purpose: "login" });
    expect(other.status).toBe(200);
  });

  it("at most 10 codes per phone per day", async () => {
    const phoneNumber = randomPhone();
    for (let i = 0; i < 10; i++) {
      await t.testDb.database.query(
        "insert into rate_limit_events (key, created_at) values ($1, now() - make_interval(mins => $2))",
        [`sms:${phoneNumber}`, 2 + i],
      );
    }
    const res = await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "login" });
    expectLimited(res, 24 * 3600);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
  });

  it("phone-change sends have their own 60 s cooldown and share the phone's daily limit", async () => {
    const { user, password } = await createUser(t.db);
    const client = t.client();
    await client.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
    // a register code just went to this phone: the change_old code may still go out
    await t.testDb.database.query("insert into rate_limit_events (key, created_at) values ($1, now()), ($2, now())", [
      `sms:register:${user.phoneNumber}`,
      `sms:${user.phoneNumber}`,
    ]);
    expect((await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber })).status).toBe(200);
    expectLimited(await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber }), 60);
    // ten sends today on this phone, whatever their purpose: no more
    await t.testDb.database.query("delete from rate_limit_events");
    for (let i = 0; i < 10; i++) {
      await t.testDb.database.query(
        "insert into rate_limit_events (key, created_at) values ($1, now() - make_interval(mins => $2))",
        [`sms:${user.phoneNumber}`, 2 + i],
      );
    }
    expectLimited(await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber }), 24 * 3600);
  });

  it("limits are kept in the database, so another server process on it enforces them too", async () => {
    const phoneNumber = randomPhone();
    expect((await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "login" })).status).toBe(
      200,
    );
    const second = await buildApp({
      config: { publicUrl: undefined, logLevel: "silent", nodeEnv: "test" },
      database: t.testDb.database,
      sms: new DemoSmsProvider(),
    });
    await second.listen({ host: "127.0.0.1", port: 0 });
    try {
      const address = second.server.address();
      if (!address || typeof address === "string") throw new Error("no port");
      const client = new TestClient(`http://127.0.0.1:${address.port}`);
      expectLimited(await client.post("/api/auth/send-verification-code", { phoneNumber, purpose: "login" }), 60);
    } finally {
      await second.close();
    }
  });
});
