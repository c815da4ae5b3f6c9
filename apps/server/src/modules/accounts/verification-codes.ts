import { createHash, randomInt } from "node:crypto";
import type { TVerificationPurpose } from "@essay/contract";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { verificationCodes } from "../../db/schema.ts";
import { fail } from "../../lib/fail.ts";

export const CODE_TTL_MS = 5 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export interface CodeTarget {
  phoneNumber: string;
  purpose: TVerificationPurpose;
  /** Phone-change codes belong to the signed-in user who asked for them. */
  userId?: string | null;
}

function hashCode(target: CodeTarget, code: string): string {
  return createHash("sha256").update(`${target.purpose}:${target.phoneNumber}:${code}`).digest("base64url");
}

/** Generates a fresh 6-digit code, stores its hash and retires earlier unused codes for the same target. */
export async function issueCode(db: Queryable, target: CodeTarget, now = new Date()): Promise<string> {
  const code = String(randomInt(100000, 1000000));
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.phoneNumber, target.phoneNumber),
          eq(verificationCodes.purpose, target.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      phoneNumber: target.phoneNumber,
      purpose: target.purpose,
      userId: target.userId ?? null,
      codeHash: hashCode(target, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return code;
}

async function latestCode(db: Queryable, target: CodeTarget) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.phoneNumber, target.phoneNumber),
        eq(verificationCodes.purpose, target.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) return null;
  if (target.userId && row.userId !== target.userId) return null;
  return row;
}

/**
 * Checks a code without using it up. A wrong guess counts an attempt; after five the code is dead.
 * The attempt counter moves in one conditional UPDATE, so parallel guesses cannot get past the limit.
 * Returns the code's id for `consumeCode`.
 */
export async function checkCode(db: Queryable, target: CodeTarget, code: string, now = new Date()): Promise<string> {
  const row = await latestCode(db, target);
  if (!row) throw fail("VERIFICATION_CODE_INVALID");
  if (row.expiresAt.getTime() <= now.getTime()) throw fail("VERIFICATION_CODE_EXPIRED");
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw fail("VERIFICATION_CODE_ATTEMPTS_EXCEEDED");
  const hash = hashCode(target, code);
  const [updated] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + case when ${verificationCodes.codeHash} = ${hash} then 0 else 1 end`,
    })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
  if (!updated) throw fail("VERIFICATION_CODE_ATTEMPTS_EXCEEDED");
  if (updated.codeHash !== hash) throw fail("VERIFICATION_CODE_INVALID");
  return row.id;
}

/** Uses a checked code up; run inside the transaction that acts on it. False when someone else used it first. */
export async function consumeCode(db: Queryable, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
