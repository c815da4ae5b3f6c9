import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRONG_PASSWORD, signedIn } from "./factories.ts";
import { startTestApp, type TestApp, testDatabases } from "./harness.ts";

describe.each(testDatabases())("change password (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it("needs a session", async () => {
    const res = await t.client().post("/api/auth/change-password", { currentPassword: "x", newPassword: "y" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("checks in the spec's order: incomplete, mismatch, weak, then the current password", async () => {
    const { client, password } = await signedIn(t);
    const post = (body: Record<string, unknown>) => client.post("/api/auth/change-password", body);

    // (1) all fields present — even when everything else is wrong too
    for (const body of [
      {},
      { currentPassword: "", newPassword: "weak" },
      { currentPassword: "wrong", newPassword: "" },
      { currentPassword: password, newPassword: "New#pass123", confirmPassword: "" },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "PASSWORD_INCOMPLETE",
        message: "Form incomplete, please fill all required fields",
      });
    }
    // (2) confirmation matches — checked before strength and before the current password
    const mismatch = await post({ currentPassword: "wrong-one", newPassword: "weak", confirmPassword: "weak2" });
    expect(mismatch.body).toMatchObject({ code: "PASSWORD_MISMATCH", message: "Passwords do not match" });
    // (3) strength — before the current password
    for (const weak of ["short1!", "allletters!", "12345678!", "abcd1234", "abcd 123 "]) {
      const res = await post({ currentPassword: "wrong-one", newPassword: weak, confirmPassword: weak });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("PASSWORD_WEAK");
      expect(res.body.message).toBe(
        "Password not secure: use 8 or more characters combining letters, digits and special symbols",
      );
    }
    // then the current password
    const wrong = await post({ currentPassword: "wrong-one", newPassword: "New#pass123" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "CURRENT_PASSWORD_WRONG", message: "Current password is incorrect" });
    // still signed in after the failures
    expect((await client.get("/api/auth/me")).status).toBe(200);
  });

  it("changes the password, ends the other sessions and keeps this one", async () => {
    const { user, password, client } = await signedIn(t);
    const other = t.client();
    await other.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
    expect((await other.get("/api/auth/me")).status).toBe(200);

    const res = await client.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: "Brand-new#42",
      confirmPassword: "Brand-new#42",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Password changed" });

    const me = await client.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.hasCustomPassword).toBe(true);
    expect((await other.get("/api/auth/me")).status).toBe(401);

    const oldLogin = await t.client().post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.client().post("/api/auth/login-password", {
      phoneNumber: user.phoneNumber,
      password: "Brand-new#42",
    });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.requiresPasswordChange).toBe(false);
    const status = await t.client().post("/api/auth/check-password-status", { phoneNumber: user.phoneNumber });
    expect(status.body).toEqual({ hasCustomPassword: true });
  });

  it("works without confirmPassword (the web checks it itself)", async () => {
    const { client } = await signedIn(t);
    const res = await client.post("/api/auth/change-password", {
      currentPassword: STRONG_PASSWORD,
      newPassword: "Other#pass9",
    });
    expect(res.status).toBe(200);
  });
});
