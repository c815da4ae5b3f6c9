import { ZAuthResponse } from "@essay/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInvitation, createUser, lastCode, randomPhone } from "./factories.ts";
import { startTestApp, type TestApp, type TestClient, testDatabases } from "./harness.ts";

describe.each(testDatabases())("registration (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());
  // every test here asks for codes from one address: start each without the others' counts
  beforeEach(async () => {
    await t.testDb.database.query("delete from rate_limits");
  });

  /** A registration code; codes go only to a phone with a live invitation, so one is made for it first. */
  async function sendCode(client: TestClient, phoneNumber: string): Promise<string> {
    await createInvitation(t.db, { invitedPhone: phoneNumber });
    const res = await client.post("/api/auth/send-verification-code", { phoneNumber, purpose: "register" });
    expect(res.status).toBe(200);
    return res.body.verificationCode;
  }

  function registerBody(phoneNumber: string, invitationCode: string, verificationCode: string) {
    return {
      phoneNumber,
      name: "  Teacher Chen ",
      school: "No. 1 Middle School",
      role: "teacher",
      country: "CN",
      workLanguage: "zh-hant",
      invitationCode,
      verificationCode,
    };
  }

  it("send-verification-code returns a 6-digit code (demo), valid 5 minutes, stored hashed", async () => {
    const phoneNumber = randomPhone();
    await createInvitation(t.db, { invitedPhone: phoneNumber });
    const res = await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "register" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, expiresInSeconds: 300 });
    expect(res.body.verificationCode).toMatch(/^\d{6}$/);
    expect(lastCode(t, phoneNumber)).toBe(res.body.verificationCode);
    const rows = await t.testDb.database.query<{ code_hash: string }>(
      "select code_hash from verification_codes where phone_number = $1",
      [phoneNumber],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(res.body.verificationCode);
  });

  it("send-verification-code refuses other purposes and bad phones", async () => {
    const client = t.client();
    expect(
      (await client.post("/api/auth/send-verification-code", { phoneNumber: randomPhone(), purpose: "change_old" }))
        .status,
    ).toBe(400);
    expect(
      (await client.post("/api/auth/send-verification-code", { phoneNumber: "12345", purpose: "register" })).status,
    ).toBe(400);
  });

  it("registration codes go only to a phone with a live invitation (no SMS otherwise)", async () => {
    const stranger = randomPhone();
    const expired = randomPhone();
    await createInvitation(t.db, { invitedPhone: expired, expiresAt: new Date(Date.now() - 1000) });
    const used = randomPhone();
    await createInvitation(t.db, { invitedPhone: used, usedCount: 1 });
    for (const phoneNumber of [stranger, expired, used]) {
      const res = await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "register" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVITATION_INVALID");
      expect(t.sms.sent.some((m) => m.phoneNumber === phoneNumber)).toBe(false);
    }
  });

  it("send-verification-code for a registered phone is 409 PHONE_TAKEN", async () => {
    const { user } = await createUser(t.db);
    const res = await t
      .client()
      .post("/api/auth/send-verification-code", { phoneNumber: user.phoneNumber, purpose: "register" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("PHONE_TAKEN");
  });

  it("check-verification-code accepts the right code without consuming it", async () => {
    const phoneNumber = randomPhone();
    const client = t.client();
    const code = await sendCode(client, phoneNumber);
    for (let i = 0; i < 2; i++) {
      const res = await client.post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: true });
    }
  });

  it("wrong code is VERIFICATION_CODE_INVALID; a code is bound to its purpose and phone", async () => {
    const phoneNumber = randomPhone();
    const client = t.client();
    const code = await sendCode(client, phoneNumber);
    const wrong = code === "123456" ? "654321" : "123456";
    const bad = await client.post("/api/auth/check-verification-code", {
      phoneNumber,
      purpose: "register",
      code: wrong,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: "VERIFICATION_CODE_INVALID",
      message: "Verification code wrong, please check and retry",
    });
    // phone-change purposes need a session
    const otherPurpose = await client.post("/api/auth/check-verification-code", {
      phoneNumber,
      purpose: "change_new",
      code,
    });
    expect(otherPurpose.body.code).toBe("UNAUTHORIZED");
    const otherPhone = await client.post("/api/auth/check-verification-code", {
      phoneNumber: randomPhone(),
      purpose: "register",
      code,
    });
    expect(otherPhone.body.code).toBe("VERIFICATION_CODE_INVALID");
    const malformed = await client.post("/api/auth/check-verification-code", {
      phoneNumber,
      purpose: "register",
      code: "12ab",
    });
    expect(malformed.body.code).toBe("VALIDATION_FAILED");
  });

  it("after 5 wrong attempts even the right code is refused", async () => {
    const phoneNumber = randomPhone();
    const client = t.client();
    const code = await sendCode(client, phoneNumber);
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) {
      const res = await client.post("/api/auth/check-verification-code", {
        phoneNumber,
        purpose: "register",
        code: wrong,
      });
      expect(res.body.code).toBe("VERIFICATION_CODE_INVALID");
    }
    const res = await client.post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VERIFICATION_CODE_ATTEMPTS_EXCEEDED");
  });

  it("parallel wrong guesses cannot exceed 5 attempts", async () => {
    const phoneNumber = randomPhone();
    const code = await sendCode(t.client(), phoneNumber);
    const wrong = code === "111111" ? "222222" : "111111";
    await Promise.all(
      Array.from({ length: 12 }, () =>
        t.client().post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code: wrong }),
      ),
    );
    const [row] = await t.testDb.database.query<{ attempts: number }>(
      "select attempts from verification_codes where phone_number = $1",
      [phoneNumber],
    );
    expect(row?.attempts).toBe(5);
  });

  it("an expired code is VERIFICATION_CODE_EXPIRED", async () => {
    const phoneNumber = randomPhone();
    const client = t.client();
    const code = await sendCode(client, phoneNumber);
    await t.testDb.database.query(
      "update verification_codes set expires_at = now() - interval '1 second' where phone_number = $1",
      [phoneNumber],
    );
    const res = await client.post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("a new code replaces the previous one", async () => {
    const phoneNumber = randomPhone();
    const first = await sendCode(t.client(), phoneNumber);
    await t.testDb.database.query("delete from rate_limits where key like $1", [`sms:%${phoneNumber}`]);
    const second = await sendCode(t.client(), phoneNumber);
    if (first !== second) {
      const res = await t
        .client()
        .post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code: first });
      expect(res.body.code).toBe("VERIFICATION_CODE_INVALID");
    }
    const ok = await t
      .client()
      .post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code: second });
    expect(ok.status).toBe(200);
  });

  it("register: lower-case invitation code accepted, user created without a password, signed in to set one", async () => {
    const phoneNumber = randomPhone();
    const invitation = await createInvitation(t.db, { invitedPhone: phoneNumber });
    const client = t.client();
    const code = await sendCode(client, phoneNumber);
    const res = await client.post("/api/auth/register", registerBody(phoneNumber, invitation.code.toLowerCase(), code));
    expect(res.status).toBe(200);
    const body = ZAuthResponse.parse(res.body);
    expect(body.requiresPasswordChange).toBe(true);
    expect(body.user).toMatchObject({
      name: "Teacher Chen",
      phoneNumber,
      school: "No. 1 Middle School",
      role: "teacher",
      country: "CN",
      workLanguage: "zh-TW",
      isVerified: true,
      hasCustomPassword: false,
    });
    expect((await client.get("/api/auth/me")).body.id).toBe(body.user.id);
    const [inv] = await t.testDb.database.query<{ used_count: number }>(
      "select used_count from invitations where id = $1",
      [invitation.id],
    );
    expect(inv?.used_count).toBe(1);
    // no default password: the phone's last 8 digits sign nobody in
    const login = await t.client().post("/api/auth/login-password", { phoneNumber, password: phoneNumber.slice(-8) });
    expect(login.status).toBe(401);
    const [row] = await t.testDb.database.query<{ password_hash: string | null }>(
      "select password_hash from users where phone_number = $1",
      [phoneNumber],
    );
    expect(row?.password_hash).toBeNull();
    // the code was used up
    const again = await t
      .client()
      .post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code });
    expect(again.body.code).toBe("VERIFICATION_CODE_INVALID");
  });

  it("register: unknown work language becomes zh-CN; country defaults to CN", async () => {
    const phoneNumber = randomPhone();
    const invitation = await createInvitation(t.db, { invitedPhone: phoneNumber });
    const code = await sendCode(t.client(), phoneNumber);
    const { country: _c, ...body } = registerBody(phoneNumber, invitation.code, code);
    const res = await t.client().post("/api/auth/register", { ...body, workLanguage: "fr", school: undefined });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ workLanguage: "zh-CN", country: "CN", role: "teacher", school: null });
  });

  it("register: the inviter's choice of role wins over the one the invitee sends", async () => {
    for (const [invited, claimed] of [
      ["student", "teacher"],
      ["teacher", "student"],
    ] as const) {
      const phoneNumber = randomPhone();
      const invitation = await createInvitation(t.db, { invitedPhone: phoneNumber, role: invited });
      const validate = await t.client().post("/api/invitations/validate", { code: invitation.code, phoneNumber });
      expect(validate.body).toMatchObject({ valid: true, role: invited });
      const code = await sendCode(t.client(), phoneNumber);
      const res = await t
        .client()
        .post("/api/auth/register", { ...registerBody(phoneNumber, invitation.code, code), role: claimed });
      expect(res.status).toBe(200);
      expect(res.body.user.role).toBe(invited);
    }
  });

  it("register: wrong verification code is refused and the invitation stays unused", async () => {
    const phoneNumber = randomPhone();
    const invitation = await createInvitation(t.db, { invitedPhone: phoneNumber });
    const code = await sendCode(t.client(), phoneNumber);
    const wrong = code === "123456" ? "654321" : "123456";
    const res = await t.client().post("/api/auth/register", registerBody(phoneNumber, invitation.code, wrong));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VERIFICATION_CODE_INVALID");
    const [inv] = await t.testDb.database.query<{ used_count: number }>(
      "select used_count from invitations where id = $1",
      [invitation.id],
    );
    expect(inv?.used_count).toBe(0);
  });

  it("register: a short name, a missing role or a 7-character invitation code is VALIDATION_FAILED", async () => {
    const phoneNumber = randomPhone();
    const body = registerBody(phoneNumber, "ABCDEFGH", "123456");
    for (const bad of [
      { name: " A " },
      { role: "admin" },
      { invitationCode: "ABCDEFG" },
      { verificationCode: "12345" },
    ]) {
      const res = await t.client().post("/api/auth/register", { ...body, ...bad });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
    }
  });

  it.each([
    ["INVITATION_INVALID", "Invalid invitation code", {}],
    ["INVITATION_USED_UP", "Invitation code has been used up", { usedCount: 1 }],
    ["INVITATION_EXPIRED", "Invitation code has expired", { expiresAt: new Date(Date.now() - 1000) }],
    ["INVITATION_INACTIVE", "Invitation code has been deactivated", { isActive: false }],
    [
      "INVITATION_PHONE_MISMATCH",
      "This invitation code was issued for a different phone number",
      { invitedPhone: "+8613000000000" },
    ],
  ] as const)("register and validate refuse with %s", async (errorCode, message, overrides) => {
    const phoneNumber = randomPhone();
    const invitation = await createInvitation(t.db, { invitedPhone: phoneNumber, ...overrides });
    const codeToUse = errorCode === "INVITATION_INVALID" ? "ZZZZZZZZ" : invitation.code;
    const validate = await t.client().post("/api/invitations/validate", { code: codeToUse, phoneNumber });
    expect(validate.status).toBe(400);
    expect(validate.body).toMatchObject({ code: errorCode, message });
    const verificationCode = await sendCode(t.client(), phoneNumber);
    const res = await t.client().post("/api/auth/register", registerBody(phoneNumber, codeToUse, verificationCode));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: errorCode, message });
    const users = await t.testDb.database.query("select 1 from users where phone_number = $1", [phoneNumber]);
    expect(users).toHaveLength(0);
  });

  it("two racing registrations on one invitation: exactly one wins", async () => {
    const phoneNumber = randomPhone();
    const invitation = await createInvitation(t.db, { invitedPhone: phoneNumber });
    const code = await sendCode(t.client(), phoneNumber);
    const body = registerBody(phoneNumber, invitation.code, code);
    const results = await Promise.all([1, 2, 3].map(() => t.client().post("/api/auth/register", body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(["INVITATION_USED_UP", "PHONE_TAKEN", "VERIFICATION_CODE_INVALID"]).toContain(r.body.code);
    }
    const [inv] = await t.testDb.database.query<{ used_count: number }>(
      "select used_count from invitations where id = $1",
      [invitation.id],
    );
    expect(inv?.used_count).toBe(1);
    const users = await t.testDb.database.query("select 1 from users where phone_number = $1", [phoneNumber]);
    expect(users).toHaveLength(1);
  });

  it("the invitation counter itself cannot be taken twice, even when raced", async () => {
    const { takeInvitationUse } = await import("../src/modules/invitations/invitations.repo.ts");
    const invitation = await createInvitation(t.db, { maxUses: 2 });
    const now = new Date();
    const taken = await Promise.all(Array.from({ length: 6 }, () => takeInvitationUse(t.db, invitation.id, now)));
    expect(taken.filter(Boolean)).toHaveLength(2);
  });
});
