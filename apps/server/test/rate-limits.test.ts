import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/http/app.ts";
import { DemoSmsProvider } from "../src/providers/sms/demo.sms.ts";
import { createInvitation, createUser, randomPhone, signedIn } from "./factories.ts";
import { startTestApp, type TestApp, TestClient, testDatabases } from "./harness.ts";

type Res = { status: number; headers: Headers; body: { code: string } };

function expectLimited(res: Res, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe("RATE_LIMITED");
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe.each(testDatabases())("rate limits (%s)", (kind) => {
  let t: TestApp;
  /** Behind one trusted proxy: each test picks its client address with X-Forwarded-For. */
  let proxied: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    proxied = await startTestApp(kind, { trustProxyHops: 1 });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });
  beforeEach(async () => {
    await t.testDb.database.query("delete from rate_limits");
    await proxied.testDb.database.query("delete from rate_limits");
  });

  const loginFrom = (app: TestApp, ip: string | null, phoneNumber: string, password: string) =>
    app.client(ip ? { "x-forwarded-for": ip } : {}).post("/api/auth/login-password", { phoneNumber, password });
  const login = (phoneNumber: string, password: string) => loginFrom(t, null, phoneNumber, password);
  /** Lets the current slowdown pass, as if its time had gone by. */
  const waitOut = (app: TestApp) => app.testDb.database.query("update rate_limits set blocked_until = now()");

  it("60 parallel wrong passwords for one phone: the 5 free attempts answer 401, every other one 429", async () => {
    const { user } = await createUser(t.db);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => login(user.phoneNumber, `wrong-pass-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    for (const r of results.filter((x) => x.status === 429)) expectLimited(r, 5);
    const [row] = await t.testDb.database.query<{ hits: number }>("select hits from rate_limits where key like $1", [
      `signin:pi:${user.phoneNumber}|%`,
    ]);
    expect(Number(row?.hits)).toBe(5);
  });

  it("past the free attempts each try waits twice as long (a slowdown, not a lock-out), and the right password ends it", async () => {
    const { user, password } = await createUser(t.db);
    for (let i = 0; i < 5; i++) expect((await login(user.phoneNumber, `wrong-pass-${i}`)).status).toBe(401);
    // even the right password waits out the slowdown…
    expectLimited(await login(user.phoneNumber, password), 5);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await waitOut(t);
      expect((await login(user.phoneNumber, `wrong-again-${i}`)).status).toBe(401);
      const res = await login(user.phoneNumber, password);
      expect(res.status).toBe(429);
      waits.push(Number(res.headers.get("retry-after")));
    }
    expect(waits).toEqual([10, 20, 40, 80]);
    // …and then gets in: the count for this phone and address is forgotten
    await waitOut(t);
    expect((await login(user.phoneNumber, password)).status).toBe(200);
    expect((await login(user.phoneNumber, "wrong-once-more")).status).toBe(401);
  });

  it("one school behind one address: a colleague's wrong passwords slow down only that colleague", async () => {
    const school = "203.0.113.7";
    const a = await createUser(proxied.db);
    const b = await createUser(proxied.db);
    for (let i = 0; i < 8; i++) await loginFrom(proxied, school, a.user.phoneNumber, `wrong-pass-${i}`);
    expect((await loginFrom(proxied, school, a.user.phoneNumber, a.password)).status).toBe(429);
    expect((await loginFrom(proxied, school, b.user.phoneNumber, b.password)).status).toBe(200);
  });

  it("an attacker's guesses from elsewhere do not stop the owner signing in from home", async () => {
    const { user, password } = await createUser(proxied.db);
    for (let i = 0; i < 10; i++) await loginFrom(proxied, "198.51.100.9", user.phoneNumber, `wrong-pass-${i}`);
    expect((await loginFrom(proxied, "198.51.100.9", user.phoneNumber, password)).status).toBe(429);
    expect((await loginFrom(proxied, "192.0.2.44", user.phoneNumber, password)).status).toBe(200);
  });

  it("guesses spread over many addresses still meet the per-phone slowdown after 20", async () => {
    const { user, password } = await createUser(proxied.db);
    for (let i = 0; i < 20; i++) {
      expect((await loginFrom(proxied, `10.1.0.${i}`, user.phoneNumber, `wrong-pass-${i}`)).status).toBe(401);
    }
    expectLimited(await loginFrom(proxied, "10.1.0.99", user.phoneNumber, password), 5);
  });

  it("X-Forwarded-For is ignored without a trusted proxy, and only the proxy's own entry counts with one", async () => {
    const { user } = await createUser(t.db);
    // no proxy configured: a forged header does not give each guess a fresh address
    for (let i = 0; i < 5; i++) await loginFrom(t, `192.0.2.${i}`, user.phoneNumber, `wrong-pass-${i}`);
    expectLimited(await loginFrom(t, "192.0.2.200", user.phoneNumber, "wrong-pass-x"), 5);
    // one proxy: the address it appended (the last) is the client's, whatever the client put before it
    const other = await createUser(proxied.db);
    for (let i = 0; i < 5; i++) {
      await loginFrom(proxied, `6.6.6.${i}, 198.51.100.23`, other.user.phoneNumber, `wrong-pass-${i}`);
    }
    expectLimited(await loginFrom(proxied, "7.7.7.7, 198.51.100.23", other.user.phoneNumber, "wrong-pass-y"), 5);
  });

  it("a wrong current password on change-password counts like a wrong sign-in", async () => {
    const { client, user } = await signedIn(t);
    const change = (currentPassword: string) =>
      client.post("/api/auth/change-password", { currentPassword, newPassword: "New#pass123" });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`wrong-${i}`)));
    expect(results.filter((r) => r.body.code === "CURRENT_PASSWORD_WRONG")).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    expectLimited(await login(user.phoneNumber, "still-wrong"), 5);
  });

  it("one code per phone and purpose per 60 s; 10 a day per phone", async () => {
    const phoneNumber = randomPhone();
    const send = () => t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "login" });
    const parallel = await Promise.all(Array.from({ length: 8 }, send));
    expect(parallel.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of parallel.filter((x) => x.status !== 200)) expectLimited(r, 60);
    // another phone is not affected
    const other = await t
      .client()
      .post("/api/auth/send-verification-code", { phoneNumber: randomPhone(), purpose: "login" });
    expect(other.status).toBe(200);
    // ten today already: the eleventh waits until the day's window closes
    await t.testDb.database.query(
      `update rate_limits set hits = 10, window_start = now() - interval '1 hour',
         blocked_until = now() + interval '23 hours' where key = $1`,
      [`sms:${phoneNumber}`],
    );
    await t.testDb.database.query("update rate_limits set blocked_until = now() where key = $1", [
      `sms:login:${phoneNumber}`,
    ]);
    const res = await send();
    expectLimited(res, 24 * 3600);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(22 * 3600);
  });

  it("codes go only to invited phones, and one address may ask for 60 an hour", async () => {
    const ip = "203.0.113.50";
    const send = (phoneNumber: string) =>
      proxied
        .client({ "x-forwarded-for": ip })
        .post("/api/auth/send-verification-code", { phoneNumber, purpose: "register" });
    // 70 numbers from one address: none invited, no SMS; the 61st request on is refused outright
    const results = await Promise.all(Array.from({ length: 70 }, () => send(randomPhone())));
    expect(results.filter((r) => r.body.code === "INVITATION_INVALID")).toHaveLength(60);
    for (const r of results.filter((x) => x.status !== 400)) expectLimited(r, 3600);
    const invited = randomPhone();
    await createInvitation(proxied.db, { invitedPhone: invited });
    expectLimited(await send(invited), 3600);
    // another address is not affected
    const elsewhere = await proxied
      .client({ "x-forwarded-for": "203.0.113.51" })
      .post("/api/auth/send-verification-code", { phoneNumber: invited, purpose: "register" });
    expect(elsewhere.status).toBe(200);
  });

  it("the whole instance sends at most SMS_MAX_PER_HOUR codes", async () => {
    const small = await startTestApp(kind, { smsPerHour: 3, trustProxyHops: 1 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await small
          .client({ "x-forwarded-for": `198.51.100.${i}` })
          .post("/api/auth/send-verification-code", { phoneNumber: randomPhone(), purpose: "login" });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await small.close();
    }
  });

  it("phone-change sends have their own 60 s cooldown", async () => {
    const { client, user } = await signedIn(t);
    expect((await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber })).status).toBe(200);
    expectLimited(await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber }), 60);
  });

  it("invitation codes checked from one address: 20 in 15 minutes", async () => {
    const phoneNumber = randomPhone();
    const check = () => t.client().post("/api/invitations/validate", { code: "ZZZZZZZZ", phoneNumber });
    const results = await Promise.all(Array.from({ length: 25 }, check));
    expect(results.filter((r) => r.body.code === "INVITATION_INVALID")).toHaveLength(20);
    for (const r of results.filter((x) => x.status === 429)) expectLimited(r, 15 * 60);
  });

  it("the sign-in screen's phone check: 60 a minute from one address", async () => {
    const results = await Promise.all(
      Array.from({ length: 70 }, () =>
        t.client().post("/api/auth/check-password-status", { phoneNumber: randomPhone() }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    for (const r of results.filter((x) => x.status !== 200)) expectLimited(r, 60);
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
