import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";
import type { UserRow } from "./users.repo.ts";

export const SESSION_COOKIE = "essay_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used when less than this much life is left gets another full TTL (sliding renewal). */
const RENEW_WHEN_LEFT_MS = 15 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export interface NewSession {
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

/** 32 random bytes to the browser; only their SHA-256 is stored. */
export async function createSession(db: Queryable, userId: string, now = new Date()): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash, userId, createdAt: now, expiresAt });
  return { token, tokenHash, expiresAt };
}

export interface ActiveSession {
  tokenHash: string;
  user: UserRow;
  /** Set when the session was renewed and the cookie should be sent again. */
  renewedUntil?: Date;
}

function prepareLookup(db: Queryable) {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("session_lookup");
}

/** Every signed-in request looks its session up: the query is built once per database handle. */
const lookups = new WeakMap<Queryable, ReturnType<typeof prepareLookup>>();

export async function findSession(db: Queryable, token: string, now = new Date()): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;
  if (row.expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    const renewedUntil = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.tokenHash, tokenHash));
    return { tokenHash, user: row.user, renewedUntil };
  }
  return { tokenHash, user: row.user };
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** After a password change every other browser signed in as this user is signed out. */
export async function deleteOtherSessions(db: Queryable, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

/** Signs the user out everywhere (a password reset: whoever knew the old password is out). */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
