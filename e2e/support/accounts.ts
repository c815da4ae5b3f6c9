import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh mainland mobile number per call, so tests never share accounts. */
export function randomPhone(): string {
  const rest = String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
  return `13${rest}`;
}

/** Runs `npm run cli -- …` against the test server's DATA_DIR. */
function cli(args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/cli.ts"), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
}

/** The demo provider's last sign-in or reset code for a phone, as the administrator reads it (`sms-outbox`). */
export function codeFromOutbox(fullPhone: string, purpose: "login" | "reset"): string {
  const lines = cli(["sms-outbox", fullPhone]).trim().split("\n");
  for (const line of lines.reverse()) {
    const message = JSON.parse(line) as { purpose?: string; code?: string };
    if (message.purpose === purpose && message.code) return message.code;
  }
  throw new Error(`no ${purpose} code for ${fullPhone} in the outbox`);
}

/** Issues an invitation the way an administrator does on first run: `npm run cli -- invite`. */
export function inviteViaCli(
  phone: string,
  role: "teacher" | "student" = "teacher",
): { code: string; invitedPhone: string; expiresAt: string; role: string } {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "apps/server/src/cli.ts"), "invite", phone, "--role", role],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "silent" },
      encoding: "utf8",
    },
  );
  return JSON.parse(out.trim().split("\n").pop() ?? "{}");
}

export interface TestUser {
  phone: string;
  fullPhone: string;
  name: string;
  password: string;
}

export const TEST_PASSWORD = "Essay#2026ok";

/**
 * Registers through the API with the browser's own request context and sets the first password (a new account has
 * none), so the page is signed in with a usable account afterwards.
 */
export async function registerViaApi(
  request: APIRequestContext,
  options: { name?: string; workLanguage?: string; role?: "teacher" | "student"; dialCode?: string } = {},
): Promise<TestUser> {
  const dialCode = options.dialCode ?? "+86";
  // a mainland mobile for +86, else an 8-digit number (Hong Kong's length)
  const phone = dialCode === "+86" ? randomPhone() : String(5e7 + Math.floor(Math.random() * 4e7));
  const fullPhone = `${dialCode}${phone}`;
  const { code } = inviteViaCli(fullPhone, options.role ?? "teacher");
  const sent = await request.post("/api/auth/send-verification-code", {
    data: { phoneNumber: fullPhone, purpose: "register" },
  });
  if (!sent.ok()) throw new Error(`send code: ${sent.status()} ${await sent.text()}`);
  const { verificationCode } = (await sent.json()) as { verificationCode: string };
  const name = options.name ?? "测试老师";
  const res = await request.post("/api/auth/register", {
    data: {
      phoneNumber: fullPhone,
      name,
      country: "CN",
      workLanguage: options.workLanguage ?? "zh-CN",
      invitationCode: code,
      verificationCode,
    },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  const set = await request.post("/api/auth/change-password", {
    data: { newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
  });
  if (!set.ok()) throw new Error(`first password: ${set.status()} ${await set.text()}`);
  return { phone, fullPhone, name, password: TEST_PASSWORD };
}

/** Waits for the demo SMS provider's answer to a code request and returns the code it carried. */
export async function codeFrom(page: Page, urlPart: string, trigger: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() === "POST"),
    trigger(),
  ]);
  const body = (await response.json()) as { verificationCode?: string };
  if (!body.verificationCode) throw new Error(`no demo code in ${urlPart}`);
  return body.verificationCode;
}
