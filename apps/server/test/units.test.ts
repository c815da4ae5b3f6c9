import { describe, expect, it } from "vitest";
import { languageHintFor } from "../src/jobs/handlers/ocr.handler.ts";
import { normalizePhoneInput } from "../src/lib/phone.ts";
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "../src/modules/accounts/passwords.ts";
import { generateInvitationCode, INVITATION_ALPHABET } from "../src/modules/invitations/invitation-codes.ts";
import { DEFAULT_TOPICS } from "../src/modules/manuscripts/manuscripts.service.ts";

describe("passwords", () => {
  it("hashes with scrypt at OWASP's cost (N=2^17, r=8, p=1) and a random salt; verifies only the right password", async () => {
    const a = await hashPassword("Secret#2024");
    const b = await hashPassword("Secret#2024");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Secret#2024", a)).toBe(true);
    expect(await verifyPassword("Secret#2025", a)).toBe(false);
    expect(await verifyPassword("Secret#2024", "garbage")).toBe(false);
  });

  it("a hash made at a lower cost needs rehashing; one at today's cost does not", async () => {
    const old = await hashPassword("Secret#2024", { N: 16384, r: 8, p: 1 });
    expect(await verifyPassword("Secret#2024", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("Secret#2024", SCRYPT_PARAMS))).toBe(false);
    expect(needsRehash("garbage")).toBe(false);
  });
});

describe("phone input for the CLI", () => {
  it("accepts +dial-code numbers and 11-digit mainland mobiles", () => {
    expect(normalizePhoneInput("+8613800138001")).toBe("+8613800138001");
    expect(normalizePhoneInput("138 0013 8001")).toBe("+8613800138001");
    expect(normalizePhoneInput("+852 9123 4567")).toBe("+85291234567");
    expect(normalizePhoneInput("12345")).toBeNull();
    expect(normalizePhoneInput("12800138001")).toBeNull();
  });
});

describe("invitation codes", () => {
  it("are 8 characters of an unambiguous alphabet", () => {
    expect(INVITATION_ALPHABET).not.toMatch(/[01IOL]/);
    const codes = new Set(Array.from({ length: 500 }, generateInvitationCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });
});

describe("OCR language hint from the topic a teacher wrote", () => {
  it("reads an English topic as an English essay", () => {
    expect(languageHintFor("Write a letter to your pen friend about your school.")).toBe("en");
  });

  it("leaves a Chinese topic to the page itself: Chinese teachers set English writing in Chinese too", () => {
    expect(languageHintFor("我的妈妈")).toBeUndefined();
    expect(languageHintFor("以“My Summer”为题写一篇英语短文")).toBeUndefined();
  });

  it("takes no hint from the default topic, which is in the teacher's interface language", () => {
    for (const topic of Object.values(DEFAULT_TOPICS)) expect(languageHintFor(topic)).toBeUndefined();
  });
});
