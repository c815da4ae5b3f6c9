import { INVITATION_VALIDITY_HOURS, ZInvitation, ZInvitationList } from "@essay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_ALPHABET } from "../src/modules/invitations/invitation-codes.ts";
import { createInvitation, createUser, randomPhone, signedIn } from "./factories.ts";
import { startTestApp, type TestApp, testDatabases } from "./harness.ts";

describe.each(testDatabases())("invitations (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it("GET/POST/DELETE need a session", async () => {
    const c = t.client();
    expect((await c.get("/api/invitations")).status).toBe(401);
    expect((await c.post("/api/invitations", { invitedPhone: randomPhone() })).status).toBe(401);
    expect((await c.delete("/api/invitations/00000000-0000-0000-0000-000000000000")).status).toBe(401);
  });

  it("POST creates an 8-character code valid 24 hours for one use", async () => {
    const { client } = await signedIn(t);
    const invitedPhone = "+85291234567";
    const before = Date.now();
    const res = await client.post("/api/invitations", { invitedPhone });
    expect(res.status).toBe(201);
    const inv = ZInvitation.parse(res.body);
    expect(inv.code).toMatch(new RegExp(`^[${INVITATION_ALPHABET}]{8}$`));
    // a teacher unless the inviter says otherwise
    expect(inv).toMatchObject({ invitedPhone, usedCount: 0, maxUses: 1, isActive: true, role: "teacher" });
    const validity = new Date(inv.expiresAt).getTime() - before;
    expect(validity).toBeGreaterThan(INVITATION_VALIDITY_HOURS * 3600_000 - 60_000);
    expect(validity).toBeLessThanOrEqual(INVITATION_VALIDITY_HOURS * 3600_000 + 5000);
  });

  it("the inviter chooses the invitee's role; anything but teacher or student is refused", async () => {
    const { client } = await signedIn(t);
    const student = await client.post("/api/invitations", { invitedPhone: randomPhone(), role: "student" });
    expect(student.status).toBe(201);
    expect(student.body.role).toBe("student");
    const list = ZInvitationList.parse((await client.get("/api/invitations")).body);
    expect(list[0]?.role).toBe("student");
    const bad = await client.post("/api/invitations", { invitedPhone: randomPhone(), role: "admin" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
  });

  it("POST refuses a bad phone (VALIDATION_FAILED) and a registered one (PHONE_TAKEN)", async () => {
    const { client } = await signedIn(t);
    // +86 takes a mainland mobile only (as the sign-in screen does); 19 digits is longer than any number
    for (const invitedPhone of ["12345", "+86 1380013", "+8612345678", "+1234567890123456789"]) {
      const res = await client.post("/api/invitations", { invitedPhone });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
    }
    const { user } = await createUser(t.db);
    const taken = await client.post("/api/invitations", { invitedPhone: user.phoneNumber });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("PHONE_TAKEN");
  });

  it("GET lists only the caller's invitations, newest first", async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const first = (await a.client.post("/api/invitations", { invitedPhone: randomPhone() })).body;
    await new Promise((r) => setTimeout(r, 5));
    const second = (await a.client.post("/api/invitations", { invitedPhone: randomPhone() })).body;
    await b.client.post("/api/invitations", { invitedPhone: randomPhone() });
    await createInvitation(t.db); // system invitation

    const list = ZInvitationList.parse((await a.client.get("/api/invitations")).body);
    expect(list.map((i) => i.id)).toEqual([second.id, first.id]);
    expect((await b.client.get("/api/invitations")).body).toHaveLength(1);
  });

  it("DELETE deactivates one's own invitation; others' and unknown ids are 404", async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const inv = (await a.client.post("/api/invitations", { invitedPhone: randomPhone() })).body;

    const foreign = await b.client.delete(`/api/invitations/${inv.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
    expect((await b.client.delete("/api/invitations/not-a-uuid")).status).toBe(404);
    expect((await b.client.delete("/api/invitations/00000000-0000-0000-0000-000000000000")).status).toBe(404);

    const res = await a.client.delete(`/api/invitations/${inv.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    const [listed] = (await a.client.get("/api/invitations")).body;
    expect(listed).toMatchObject({ id: inv.id, isActive: false });
    const validate = await t
      .client()
      .post("/api/invitations/validate", { code: inv.code, phoneNumber: inv.invitedPhone });
    expect(validate.body.code).toBe("INVITATION_INACTIVE");
  });

  it("validate: ok for the invited phone, lower-case and padded input accepted, signed out", async () => {
    const phoneNumber = randomPhone();
    const inv = await createInvitation(t.db, { invitedPhone: phoneNumber });
    const res = await t
      .client()
      .post("/api/invitations/validate", { code: `  ${inv.code.toLowerCase()} `, phoneNumber });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, message: "Invitation code is valid", role: "teacher" });
  });

  it("validate: wrong length is VALIDATION_FAILED; other phone is INVITATION_PHONE_MISMATCH", async () => {
    const inv = await createInvitation(t.db);
    const short = await t.client().post("/api/invitations/validate", { code: "ABC", phoneNumber: inv.invitedPhone });
    expect(short.body.code).toBe("VALIDATION_FAILED");
    const other = await t.client().post("/api/invitations/validate", { code: inv.code, phoneNumber: randomPhone() });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("INVITATION_PHONE_MISMATCH");
  });

  it("validate follows the badge order: used up before expired before inactive", async () => {
    const phoneNumber = randomPhone();
    const past = new Date(Date.now() - 60_000);
    const all = await createInvitation(t.db, {
      invitedPhone: phoneNumber,
      usedCount: 1,
      expiresAt: past,
      isActive: false,
    });
    const expiredInactive = await createInvitation(t.db, {
      invitedPhone: phoneNumber,
      expiresAt: past,
      isActive: false,
    });
    const v = (code: string) => t.client().post("/api/invitations/validate", { code, phoneNumber });
    expect((await v(all.code)).body.code).toBe("INVITATION_USED_UP");
    expect((await v(expiredInactive.code)).body.code).toBe("INVITATION_EXPIRED");
  });
});
