import type { OcrEngine } from "@essay/ocr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/modules/accounts/passwords.ts";
import { createInvitation, createUser, randomPhone, STRONG_PASSWORD, sentCode, signedIn } from "./factories.ts";
import { startTestApp, type TestApp, type TestClient, testDatabases } from "./harness.ts";
import { type ManuscriptTestApp, startManuscriptApp } from "./manuscripts-harness.ts";

/** No photo is read in this file: an engine that would fail loudly if it were. */
const noOcr: OcrEngine = {
  id: "none",
  version: "0",
  recognize: async () => {
    throw new Error("not used");
  },
  warmup: async () => {},
  close: async () => {},
};

/** Every route of the app as "METHOD /path", read from Fastify's own route tree. */
function routesOf(t: TestApp): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(m[2] ?? "");
    for (const method of (m[3] ?? "").split(", ")) {
      if (method !== "HEAD") out.push({ method, path: stack.join("") });
    }
  }
  return out;
}

const A_UUID = "00000000-0000-4000-8000-000000000000";

/** Registers through the API: invitation, code, register. The browser is signed in, without a password yet. */
async function register(
  t: TestApp,
  role: "teacher" | "student" = "teacher",
): Promise<{ client: TestClient; phone: string }> {
  const phone = randomPhone();
  const invitation = await createInvitation(t.db, { invitedPhone: phone, role });
  const client = t.client();
  const sent = await client.post("/api/auth/send-verification-code", { phoneNumber: phone, purpose: "register" });
  const res = await client.post("/api/auth/register", {
    phoneNumber: phone,
    name: "New Teacher",
    country: "CN",
    workLanguage: "en",
    invitationCode: invitation.code,
    verificationCode: sent.body.verificationCode,
  });
  expect(res.status).toBe(200);
  expect(res.body.requiresPasswordChange).toBe(true);
  return { client, phone };
}

describe.each(testDatabases())("no account is taken over by a default password (%s)", (kind) => {
  let t: ManuscriptTestApp;
  beforeAll(async () => {
    t = await startManuscriptApp(kind, noOcr);
  });
  afterAll(() => t?.close());

  it("until a password is set, every signed-in route but me, the password change and sign-out is 403", async () => {
    const { client } = await register(t);
    const routes = routesOf(t);
    expect(routes.length).toBeGreaterThan(30);
    const allowed = new Set(["GET /api/auth/me", "POST /api/auth/change-password", "POST /api/auth/logout"]);
    let guarded = 0;
    for (const { method, path } of routes) {
      const url = path.replace(/:[A-Za-z]+/g, A_UUID);
      // a route that needs a session answers 401 without one; the others are open to signed-out visitors
      const anonymous = await t.client().request(method, url, method === "GET" || method === "DELETE" ? undefined : {});
      if (anonymous.status !== 401) continue;
      const res = await client.request(method, url, method === "GET" || method === "DELETE" ? undefined : {});
      if (allowed.has(`${method} ${path}`)) {
        expect(res.body?.code, `${method} ${path}`).not.toBe("PASSWORD_CHANGE_REQUIRED");
        continue;
      }
      guarded++;
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toMatchObject({
        code: "PASSWORD_CHANGE_REQUIRED",
        message: "Please set your password first",
      });
    }
    expect(guarded).toBeGreaterThan(20);
    const me = await client.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.hasCustomPassword).toBe(false);
  });

  it("the new session sets the first password without a current one; then everything opens", async () => {
    const { client, phone } = await register(t);
    // the spec's order still holds: incomplete, mismatch, weak
    expect((await client.post("/api/auth/change-password", { newPassword: "" })).body.code).toBe("PASSWORD_INCOMPLETE");
    const mismatch = await client.post("/api/auth/change-password", { newPassword: "A#1bcdefg", confirmPassword: "x" });
    expect(mismatch.body.code).toBe("PASSWORD_MISMATCH");
    expect((await client.post("/api/auth/change-password", { newPassword: phone.slice(-8) })).body.code).toBe(
      "PASSWORD_WEAK",
    );
    const set = await client.post("/api/auth/change-password", {
      newPassword: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(set.status).toBe(200);
    expect((await client.get("/api/auth/me")).body.hasCustomPassword).toBe(true);
    expect((await client.get("/api/manuscripts")).status).toBe(200);
    expect((await client.get("/api/invitations")).status).toBe(200);
    // now the current password is required
    const again = await client.post("/api/auth/change-password", { newPassword: "Other#pass9" });
    expect(again.body.code).toBe("PASSWORD_INCOMPLETE");
    const login = await t.client().post("/api/auth/login-password", { phoneNumber: phone, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.requiresPasswordChange).toBe(false);
  });

  it("the phone's last 8 digits sign nobody in, before or after a password is set", async () => {
    const { client, phone } = await register(t);
    const digits = phone.slice(-8);
    expect((await t.client().post("/api/auth/login-password", { phoneNumber: phone, password: digits })).status).toBe(
      401,
    );
    await client.post("/api/auth/change-password", { newPassword: STRONG_PASSWORD });
    expect((await t.client().post("/api/auth/login-password", { phoneNumber: phone, password: digits })).status).toBe(
      401,
    );
  });

  it("two tabs setting the first password at once: one wins, the other is refused", async () => {
    const { client, phone } = await register(t);
    const results = await Promise.all(
      ["First#pass1", "Second#pass2"].map((p) => client.post("/api/auth/change-password", { newPassword: p })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]?.status === 200 ? "First#pass1" : "Second#pass2";
    expect((await t.client().post("/api/auth/login-password", { phoneNumber: phone, password: winner })).status).toBe(
      200,
    );
  });
});

describe.each(testDatabases())("password status, code sign-in and reset (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it("check-password-status tells a stranger nothing: accounts with or without a password and no account look alike", async () => {
    const { user: withPassword } = await createUser(t.db);
    const { user: withoutPassword } = await createUser(t.db, { hasCustomPassword: false });
    const answers = [];
    for (const phoneNumber of [withPassword.phoneNumber, withoutPassword.phoneNumber, randomPhone()]) {
      const res = await t.client().post("/api/auth/check-password-status", { phoneNumber });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { hasCustomPassword: true } }));
    // only an invitee (a live invitation, no account yet) is sent to registration
    const invited = randomPhone();
    await createInvitation(t.db, { invitedPhone: invited });
    const res = await t.client().post("/api/auth/check-password-status", { phoneNumber: invited });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("USER_NOT_FOUND");
  });

  it("sign in by SMS code: the same answer for any phone, a code only to an account, never on screen", async () => {
    const { user } = await createUser(t.db, { hasCustomPassword: false });
    const stranger = randomPhone();
    const replies = [];
    for (const phoneNumber of [user.phoneNumber, stranger]) {
      const res = await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "login" });
      replies.push({ status: res.status, body: res.body });
    }
    expect(replies).toEqual(
      Array(2).fill({ status: 200, body: { success: true, expiresInSeconds: 300, delivery: "outbox" } }),
    );
    const code = await sentCode(t, user.phoneNumber, "login");
    await new Promise((r) => setTimeout(r, 100));
    expect(t.sms.sent.some((m) => m.phoneNumber === stranger)).toBe(false);

    const wrong = code === "123456" ? "654321" : "123456";
    const bad = await t.client().post("/api/auth/login-code", { phoneNumber: user.phoneNumber, code: wrong });
    expect(bad.body.code).toBe("VERIFICATION_CODE_INVALID");
    const guess = await t.client().post("/api/auth/login-code", { phoneNumber: stranger, code });
    expect(guess.body.code).toBe("VERIFICATION_CODE_INVALID");

    const client = t.client();
    const res = await client.post("/api/auth/login-code", { phoneNumber: user.phoneNumber, code });
    expect(res.status).toBe(200);
    // an account that never set a password is led to set one
    expect(res.body.requiresPasswordChange).toBe(true);
    expect((await client.get("/api/auth/me")).body.id).toBe(user.id);
    expect((await client.get("/api/invitations")).body.code).toBe("PASSWORD_CHANGE_REQUIRED");
    // the code is used up
    const reuse = await t.client().post("/api/auth/login-code", { phoneNumber: user.phoneNumber, code });
    expect(reuse.body.code).toBe("VERIFICATION_CODE_INVALID");
  });

  it("forgot password: a reset code sets a new password, ends every other session and signs in", async () => {
    const { user, client: oldBrowser } = await signedIn(t);
    const res0 = await t.client().post("/api/auth/send-verification-code", {
      phoneNumber: user.phoneNumber,
      purpose: "reset",
    });
    expect(res0.body).toEqual({ success: true, expiresInSeconds: 300, delivery: "outbox" });
    const code = await sentCode(t, user.phoneNumber, "reset");
    const client = t.client();
    const reset = (body: Record<string, unknown>) =>
      client.post("/api/auth/reset-password", { phoneNumber: user.phoneNumber, code, ...body });
    // the password rules first (spec §5 order), without spending the code
    expect((await reset({ newPassword: "" })).body.code).toBe("PASSWORD_INCOMPLETE");
    expect((await reset({ newPassword: "Abc#12345", confirmPassword: "Abc#12346" })).body.code).toBe(
      "PASSWORD_MISMATCH",
    );
    expect((await reset({ newPassword: "abcdefgh" })).body.code).toBe("PASSWORD_WEAK");
    // a login code does not reset
    const wrongPurpose = await client.post("/api/auth/login-code", { phoneNumber: user.phoneNumber, code });
    expect(wrongPurpose.body.code).toBe("VERIFICATION_CODE_INVALID");
    const ok = await reset({ newPassword: "Fresh#start1", confirmPassword: "Fresh#start1" });
    expect(ok.status).toBe(200);
    expect(ok.body.requiresPasswordChange).toBe(false);
    expect((await client.get("/api/auth/me")).status).toBe(200);
    expect((await oldBrowser.get("/api/auth/me")).status).toBe(401);
    const oldLogin = await t.client().post("/api/auth/login-password", {
      phoneNumber: user.phoneNumber,
      password: STRONG_PASSWORD,
    });
    expect(oldLogin.status).toBe(401);
    expect(
      (await t.client().post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password: "Fresh#start1" }))
        .status,
    ).toBe(200);
  });

  it("a reset for a phone without an account is refused like a wrong code", async () => {
    const phoneNumber = randomPhone();
    await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "reset" });
    const res = await t
      .client()
      .post("/api/auth/reset-password", { phoneNumber, code: "123456", newPassword: "Fresh#start1" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VERIFICATION_CODE_INVALID");
  });
});

describe.each(testDatabases())("password hashing cost (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // the production cost, not the harness's
    t = await startTestApp(kind, { passwordHashing: undefined });
  });
  afterAll(() => t?.close());

  it("a hash made at the old cost (N=2^14) is upgraded to N=2^17 at the next sign-in", async () => {
    const { user } = await createUser(t.db);
    const old = await hashPassword(STRONG_PASSWORD, { N: 16384, r: 8, p: 1 });
    await t.testDb.database.query("update users set password_hash = $1 where id = $2", [old, user.id]);
    const login = await t
      .client()
      .post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    const [row] = await t.testDb.database.query<{ password_hash: string }>(
      "select password_hash from users where id = $1",
      [user.id],
    );
    expect(row?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(
      (await t.client().post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password: STRONG_PASSWORD }))
        .status,
    ).toBe(200);
  });
});
