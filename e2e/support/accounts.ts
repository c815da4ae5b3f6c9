import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh mainland mobile number per call, so tests never share accounts. */
export function randomPhone(): string {
  const rest = String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
  return `13${rest}`;
}

/** Issues an invitation the way an administrator does on first run: `npm run cli -- invite`. */
export function inviteViaCli(phone: string): { code: string; invitedPhone: string; expiresAt: string } {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "apps/server/src/cli.ts"), "invite", phone],
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

/** Registers through the API with the browser's own request context, so the page is signed in afterwards. */
export async function registerViaApi(
  request: APIRequestContext,
  options: { name?: string; workLanguage?: string; role?: "teacher" | "student" } = {},
): Promise<TestUser> {
  const phone = randomPhone();
  const fullPhone = `+86${phone}`;
  const { code } = inviteViaCli(fullPhone);
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
      role: options.role ?? "teacher",
      country: "CN",
      workLanguage: options.workLanguage ?? "zh-CN",
      invitationCode: code,
      verificationCode,
    },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  return { phone, fullPhone, name, password: phone.slice(-8) };
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
