import { ZAuthResponse, ZUser } from "@essay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvitation, createUser, randomPhone, STRONG_PASSWORD, signedIn } from "./factories.ts";
import { startTestApp, type TestApp, testDatabases } from "./harness.ts";

describe.each(testDatabases())("sign-in and sessions (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it("GET /api/auth/me is 401 UNAUTHORIZED when signed out", async () => {
    const res = await t.client().get("/api/auth/me");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("a forged or unknown session cookie is signed out", async () => {
    const client = t.client();
    client.cookies.set("essay_session", "not-a-real-token");
    expect((await client.get("/api/auth/me")).status).toBe(401);
  });

  it("check-password-status: an invitee without an account is 404 USER_NOT_FOUND (to registration)", async () => {
    const phoneNumber = randomPhone();
    await createInvitation(t.db, { invitedPhone: phoneNumber });
    const res = await t.client().post("/api/auth/check-password-status", { phoneNumber });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "USER_NOT_FOUND", message: "User does not exist" });
  });

  it("bad phone format is 400 VALIDATION_FAILED with a phoneNumber field error", async () => {
    for (const phoneNumber of ["13800138001", "+86 abc", "", "+123"]) {
      const res = await t.client().post("/api/auth/check-password-status", { phoneNumber });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.fieldErrors.phoneNumber).toBeDefined();
    }
  });

  it("login-password signs in, sets an httpOnly SameSite=Lax cookie and returns the user", async () => {
    const { user, password } = await createUser(t.db);
    const client = t.client();
    const res = await client.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
    expect(res.status).toBe(200);
    const body = ZAuthResponse.parse(res.body);
    expect(body.user.phoneNumber).toBe(user.phoneNumber);
    expect(body.requiresPasswordChange).toBe(false);
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(body.user.lastLoginAt).not.toBeNull();
    const cookie = res.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/essay_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(ZUser.parse(me.body).id).toBe(user.id);
  });

  it("an account without a password of its own has no password to sign in with, not even its phone's digits", async () => {
    const phoneNumber = randomPhone();
    await createUser(t.db, { phoneNumber, hasCustomPassword: false });
    for (const password of [phoneNumber.slice(-8), STRONG_PASSWORD, "null-password"]) {
      const res = await t.client().post("/api/auth/login-password", { phoneNumber, password });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("INVALID_CREDENTIALS");
    }
  });

  it("short password is 400 VALIDATION_FAILED (at least 8 characters)", async () => {
    const { user } = await createUser(t.db);
    const res = await t.client().post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password: "short" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.fieldErrors.password[0]).toMatch(/at least 8 characters/);
  });

  it("wrong password and unknown phone are 401 INVALID_CREDENTIALS without a cookie", async () => {
    const { user } = await createUser(t.db);
    for (const body of [
      { phoneNumber: user.phoneNumber, password: "wrong-password-1" },
      { phoneNumber: randomPhone(), password: "whatever-123" },
    ]) {
      const res = await t.client().post("/api/auth/login-password", body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "INVALID_CREDENTIALS", message: "Incorrect phone number or password" });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("each sign-in makes a new session; logout ends only that one", async () => {
    const { user, password, client: first } = await signedIn(t);
    const second = t.client();
    await second.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
    expect(second.cookies.get("essay_session")).not.toBe(first.cookies.get("essay_session"));
    const stolen = first.cookies.get("essay_session")!;

    const out = await first.post("/api/auth/logout");
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true });
    expect(first.cookies.has("essay_session")).toBe(false);
    expect((await first.get("/api/auth/me")).status).toBe(401);

    // the old token is dead server-side, not just forgotten by the browser
    const replay = t.client();
    replay.cookies.set("essay_session", stolen);
    expect((await replay.get("/api/auth/me")).status).toBe(401);
    expect((await second.get("/api/auth/me")).status).toBe(200);
  });

  it("signing in again replaces the browser's previous session", async () => {
    const { user, password, client } = await signedIn(t);
    const before = client.cookies.get("essay_session")!;
    await client.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
    expect(client.cookies.get("essay_session")).not.toBe(before);
    const old = t.client();
    old.cookies.set("essay_session", before);
    expect((await old.get("/api/auth/me")).status).toBe(401);
    expect((await client.get("/api/auth/me")).status).toBe(200);
  });

  it("logout while signed out is fine", async () => {
    const res = await t.client().post("/api/auth/logout");
    expect(res.status).toBe(200);
  });

  it("the session token is stored hashed", async () => {
    const { client } = await signedIn(t);
    const token = client.cookies.get("essay_session")!;
    const rows = await t.testDb.database.query<{ token_hash: string }>("select token_hash from sessions");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it("an expired session is signed out", async () => {
    const { user, client } = await signedIn(t);
    await t.testDb.database.query("update sessions set expires_at = now() - interval '1 minute' where user_id = $1", [
      user.id,
    ]);
    expect((await client.get("/api/auth/me")).status).toBe(401);
  });

  it("cross-origin POST is refused with 403 ORIGIN_REJECTED; same origin passes", async () => {
    const { user, password } = await createUser(t.db);
    const body = { phoneNumber: user.phoneNumber, password };
    const evil = await t.client().post("/api/auth/login-password", body, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(evil.body.code).toBe("ORIGIN_REJECTED");
    const same = await t.client().post("/api/auth/login-password", body, { origin: t.baseUrl });
    expect(same.status).toBe(200);
  });

  it("a signed-in browser is also refused cross-origin on protected mutations", async () => {
    const { client } = await signedIn(t);
    const res = await client.post(
      "/api/invitations",
      { invitedPhone: randomPhone() },
      { origin: "http://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("ORIGIN_REJECTED");
  });
});

describe("cookie Secure flag", () => {
  it("is set when PUBLIC_URL is https", async () => {
    const t = await startTestApp("pglite", { publicUrl: "https://essays.school.example" });
    try {
      const { user, password } = await createUser(t.db);
      const res = await t.client().post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().join("\n")).toMatch(/Secure/);
    } finally {
      await t.close();
    }
  });
});
