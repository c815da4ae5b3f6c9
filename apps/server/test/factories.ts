import { INVITATION_VALIDITY_HOURS } from "@essay/contract";
import type { Queryable } from "../src/db/client.ts";
import { hashPassword } from "../src/modules/accounts/passwords.ts";
import { insertUser, type UserRow } from "../src/modules/accounts/users.repo.ts";
import { generateInvitationCode } from "../src/modules/invitations/invitation-codes.ts";
import { type InvitationRow, insertInvitation } from "../src/modules/invitations/invitations.repo.ts";
import type { TestApp, TestClient } from "./harness.ts";

let counter = 0;
/** A mainland mobile nobody else in this run uses: "+86" + 11 digits. */
export function randomPhone(): string {
  counter = (counter + 1) % 10000;
  return `+86139${String(counter).padStart(4, "0")}${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`;
}

export const STRONG_PASSWORD = "Secret#2024";

export async function createUser(
  db: Queryable,
  overrides: { phoneNumber?: string; password?: string; name?: string; hasCustomPassword?: boolean } = {},
): Promise<{ user: UserRow; password: string }> {
  const password = overrides.password ?? STRONG_PASSWORD;
  const user = await insertUser(db, {
    phoneNumber: overrides.phoneNumber ?? randomPhone(),
    name: overrides.name ?? "Teacher Wang",
    role: "teacher",
    passwordHash: await hashPassword(password),
    hasCustomPassword: overrides.hasCustomPassword ?? true,
    isVerified: true,
  });
  return { user, password };
}

export async function createInvitation(
  db: Queryable,
  overrides: Partial<Omit<InvitationRow, "id">> = {},
): Promise<InvitationRow> {
  const now = new Date();
  return insertInvitation(db, {
    code: generateInvitationCode(),
    invitedPhone: randomPhone(),
    createdBy: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_VALIDITY_HOURS * 3600_000),
    ...overrides,
  });
}

/** A user and a browser signed in as them. */
export async function signedIn(
  t: TestApp,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<{ user: UserRow; password: string; client: TestClient }> {
  const { user, password } = await createUser(t.db, overrides);
  const client = t.client();
  const res = await client.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user, password, client };
}

/** The code the demo provider last "sent" to this phone. */
export function lastCode(t: TestApp, phoneNumber: string): string {
  const sent = t.sms.sent.filter((m) => m.phoneNumber === phoneNumber).at(-1);
  if (!sent) throw new Error(`no code sent to ${phoneNumber}`);
  return sent.code;
}
