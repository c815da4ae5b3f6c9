import { INVITATION_VALIDITY_HOURS } from "@essay/contract";
import type { Queryable } from "../src/db/client.ts";
import { hashPassword } from "../src/modules/accounts/passwords.ts";
import { insertUser, type UserRow } from "../src/modules/accounts/users.repo.ts";
import { generateInvitationCode } from "../src/modules/invitations/invitation-codes.ts";
import { type InvitationRow, insertInvitation } from "../src/modules/invitations/invitations.repo.ts";
import { TEST_HASHING, type TestApp, type TestClient } from "./harness.ts";

let counter = 0;
/** A mainland mobile nobody else in this run uses: "+86" + 11 digits. */
export function randomPhone(): string {
  counter = (counter + 1) % 10000;
  return `+86139${String(counter).padStart(4, "0")}${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`;
}

export const STRONG_PASSWORD = "Secret#2024";

/** One hash per password per run (each costs tens of milliseconds even at the test cost). */
const hashes = new Map<string, Promise<string>>();
function testHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_HASHING);
    hashes.set(password, hash);
  }
  return hash;
}

/** A user; `hasCustomPassword: false` makes one that has not set a password yet (as after registration). */
export async function createUser(
  db: Queryable,
  overrides: {
    phoneNumber?: string;
    password?: string;
    name?: string;
    hasCustomPassword?: boolean;
    role?: "teacher" | "student";
  } = {},
): Promise<{ user: UserRow; password: string }> {
  const password = overrides.password ?? STRONG_PASSWORD;
  const hasOwn = overrides.hasCustomPassword ?? true;
  const user = await insertUser(db, {
    phoneNumber: overrides.phoneNumber ?? randomPhone(),
    name: overrides.name ?? "Teacher Wang",
    role: overrides.role ?? "teacher",
    passwordHash: hasOwn ? await testHash(password) : null,
    hasCustomPassword: hasOwn,
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
export function lastCode(t: TestApp, phoneNumber: string, purpose?: string): string {
  const sent = t.sms.sent.filter((m) => m.phoneNumber === phoneNumber && (!purpose || m.purpose === purpose)).at(-1);
  if (!sent) throw new Error(`no code sent to ${phoneNumber}`);
  return sent.code;
}

/** Sign-in and reset codes leave just after the reply: wait for the provider to have "sent" one. */
export async function sentCode(t: TestApp, phoneNumber: string, purpose: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const sent = t.sms.sent.filter((m) => m.phoneNumber === phoneNumber && m.purpose === purpose).at(-1);
    if (sent) return sent.code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${purpose} code sent to ${phoneNumber}`);
}
