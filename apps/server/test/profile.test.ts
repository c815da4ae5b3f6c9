import { ZUser } from "@essay/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, lastCode, randomPhone, signedIn } from "./factories.ts";
import { startTestApp, type TestApp, testDatabases } from "./harness.ts";

describe.each(testDatabases())("personal centre (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());
  // every test here asks for codes from one address: start each without the others' counts
  beforeEach(async () => {
    await t.testDb.database.query("delete from rate_limits");
  });

  const clearSendLimits = (phone: string) =>
    t.testDb.database.query("delete from rate_limits where key like $1", [`sms:%${phone}`]);

  it("profile routes need a session", async () => {
    const c = t.client();
    expect((await c.put("/api/user/profile", {})).status).toBe(401);
    expect((await c.patch("/api/users/x", { workLanguage: "en" })).status).toBe(401);
    expect((await c.post("/api/auth/verify-old-phone", { phoneNumber: randomPhone() })).status).toBe(401);
    expect((await c.post("/api/auth/verify-new-phone", { phoneNumber: randomPhone() })).status).toBe(401);
  });

  it("PUT /api/user/profile with the same phone updates name, country and normalised work language", async () => {
    const { user, client } = await signedIn(t);
    const res = await client.put("/api/user/profile", {
      name: "  New Name ",
      phoneNumber: user.phoneNumber,
      country: "hk",
      workLanguage: "en-US",
    });
    expect(res.status).toBe(200);
    const body = ZUser.parse(res.body);
    expect(body).toMatchObject({ name: "New Name", country: "HK", workLanguage: "en", phoneNumber: user.phoneNumber });
    expect((await client.get("/api/auth/me")).body.name).toBe("New Name");
  });

  it("PUT /api/user/profile: an empty name is VALIDATION_FAILED", async () => {
    const { user, client } = await signedIn(t);
    const res = await client.put("/api/user/profile", {
      name: "   ",
      phoneNumber: user.phoneNumber,
      country: "CN",
      workLanguage: "zh-CN",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.fieldErrors.name).toBeDefined();
  });

  it("verify-old-phone: must be the saved phone; sends a change_old code", async () => {
    const { user, client } = await signedIn(t);
    const wrong = await client.post("/api/auth/verify-old-phone", { phoneNumber: randomPhone() });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "PHONE_MISMATCH" });
    const res = await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, expiresInSeconds: 300 });
    expect(res.body.verificationCode).toBe(lastCode(t, user.phoneNumber));
    expect(t.sms.sent.at(-1)?.purpose).toBe("change_old");
  });

  it("verify-new-phone: unchanged phone is PHONE_UNCHANGED; another user's phone is PHONE_TAKEN", async () => {
    const { user, client } = await signedIn(t);
    const same = await client.post("/api/auth/verify-new-phone", { phoneNumber: user.phoneNumber });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ code: "PHONE_UNCHANGED", message: "Phone number unchanged, please change it first" });
    const { user: other } = await createUser(t.db);
    const taken = await client.post("/api/auth/verify-new-phone", { phoneNumber: other.phoneNumber });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("PHONE_TAKEN");
  });

  it("phone change with both codes succeeds; codes are single-use", async () => {
    const { user, password, client } = await signedIn(t);
    const newPhone = randomPhone();
    const old = await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber });
    const fresh = await client.post("/api/auth/verify-new-phone", { phoneNumber: newPhone });
    expect(fresh.status).toBe(200);
    expect(t.sms.sent.at(-1)).toMatchObject({ phoneNumber: newPhone, purpose: "change_new" });
    const body = {
      name: user.name,
      phoneNumber: newPhone,
      country: "CN",
      workLanguage: "zh-CN",
      oldPhoneCode: old.body.verificationCode,
      newPhoneCode: fresh.body.verificationCode,
    };
    const res = await client.put("/api/user/profile", body);
    expect(res.status).toBe(200);
    expect(res.body.phoneNumber).toBe(newPhone);
    expect((await client.get("/api/auth/me")).body.phoneNumber).toBe(newPhone);
    // sign in with the new phone (password unchanged)
    const login = await t.client().post("/api/auth/login-password", { phoneNumber: newPhone, password });
    expect(login.status).toBe(200);
    // replaying the same codes fails
    const replay = await client.put("/api/user/profile", { ...body, phoneNumber: randomPhone() });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("VERIFICATION_CODE_INVALID");
  });

  it("phone change refuses missing, wrong or swapped codes and leaves the phone as it was", async () => {
    const { user, client } = await signedIn(t);
    const newPhone = randomPhone();
    const old = (await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber })).body
      .verificationCode;
    const fresh = (await client.post("/api/auth/verify-new-phone", { phoneNumber: newPhone })).body.verificationCode;
    const base = { name: user.name, phoneNumber: newPhone, country: "CN", workLanguage: "zh-CN" };
    const wrongOf = (c: string) => (c === "000000" ? "999999" : "000000");
    for (const codes of [
      {},
      { oldPhoneCode: old },
      { oldPhoneCode: wrongOf(old), newPhoneCode: fresh },
      { oldPhoneCode: old, newPhoneCode: wrongOf(fresh) },
      ...(old !== fresh ? [{ oldPhoneCode: fresh, newPhoneCode: old }] : []),
    ]) {
      const res = await client.put("/api/user/profile", { ...base, ...codes });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "VERIFICATION_CODE_INVALID",
        message: "Verification code wrong, please check and retry",
      });
    }
    expect((await client.get("/api/auth/me")).body.phoneNumber).toBe(user.phoneNumber);
    // the right pair still works (fewer than 5 wrong tries each)
    const ok = await client.put("/api/user/profile", { ...base, oldPhoneCode: old, newPhoneCode: fresh });
    expect(ok.status).toBe(200);
  });

  it("check-verification-code checks phone-change codes of the signed-in user without using them up", async () => {
    const { user, client } = await signedIn(t);
    const other = await signedIn(t);
    const code = (await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber })).body
      .verificationCode;
    const check = { phoneNumber: user.phoneNumber, purpose: "change_old", code };
    expect((await client.post("/api/auth/check-verification-code", check)).status).toBe(200);
    expect((await client.post("/api/auth/check-verification-code", check)).status).toBe(200);
    expect((await t.client().post("/api/auth/check-verification-code", check)).status).toBe(401);
    const foreign = await other.client.post("/api/auth/check-verification-code", check);
    expect(foreign.body.code).toBe("VERIFICATION_CODE_INVALID");
  });

  it("phone-change codes belong to the user who asked for them", async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const target = randomPhone();
    const bOld = (await b.client.post("/api/auth/verify-old-phone", { phoneNumber: b.user.phoneNumber })).body
      .verificationCode;
    const aNew = (await a.client.post("/api/auth/verify-new-phone", { phoneNumber: target })).body.verificationCode;
    const res = await b.client.put("/api/user/profile", {
      name: "B",
      phoneNumber: target,
      country: "CN",
      workLanguage: "zh-CN",
      oldPhoneCode: bOld,
      newPhoneCode: aNew,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VERIFICATION_CODE_INVALID");
  });

  it("phone change to a number taken meanwhile is PHONE_TAKEN", async () => {
    const { user, client } = await signedIn(t);
    const newPhone = randomPhone();
    const old = (await client.post("/api/auth/verify-old-phone", { phoneNumber: user.phoneNumber })).body
      .verificationCode;
    const fresh = (await client.post("/api/auth/verify-new-phone", { phoneNumber: newPhone })).body.verificationCode;
    await createUser(t.db, { phoneNumber: newPhone });
    const res = await client.put("/api/user/profile", {
      name: user.name,
      phoneNumber: newPhone,
      country: "CN",
      workLanguage: "zh-CN",
      oldPhoneCode: old,
      newPhoneCode: fresh,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "PHONE_TAKEN", message: "This phone number is already registered" });
    await clearSendLimits(user.phoneNumber);
  });

  it("PATCH /api/users/:id sets the normalised work language of oneself only", async () => {
    const { user, client } = await signedIn(t);
    const res = await client.patch(`/api/users/${user.id}`, { workLanguage: "zh-Hant" });
    expect(res.status).toBe(200);
    expect(ZUser.parse(res.body).workLanguage).toBe("zh-TW");
    const fallback = await client.patch(`/api/users/${user.id}`, { workLanguage: "klingon" });
    expect(fallback.body.workLanguage).toBe("zh-CN");

    const { user: other } = await createUser(t.db);
    const forbidden = await client.patch(`/api/users/${other.id}`, { workLanguage: "en" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: "FORBIDDEN", message: "Access Denied" });
    const bad = await client.patch(`/api/users/${user.id}`, {});
    expect(bad.status).toBe(400);
  });
});
