import type { TInvitation } from "@essay/contract";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { invitations } from "../../db/schema.ts";

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Queryable, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findInvitationByCode(db: Queryable, code: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.code, code)).limit(1);
  return row ?? null;
}

export async function listInvitationsBy(db: Queryable, userId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(eq(invitations.createdBy, userId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** Deactivates an invitation the user owns; false when there is none (or it is someone else's). */
export async function deactivateInvitation(db: Queryable, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ isActive: false })
    .where(and(eq(invitations.id, id), eq(invitations.createdBy, userId)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** True when the phone has an invitation that can still be used (active, uses left, not expired). */
export async function hasLiveInvitation(db: Queryable, phoneNumber: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.invitedPhone, phoneNumber),
        eq(invitations.isActive, true),
        lt(invitations.usedCount, invitations.maxUses),
        gt(invitations.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Counts one use only while uses remain: two racing registrations cannot both pass. */
export async function takeInvitationUse(db: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ usedCount: sql`${invitations.usedCount} + 1` })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.isActive, true),
        lt(invitations.usedCount, invitations.maxUses),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export function presentInvitation(row: InvitationRow): TInvitation {
  return {
    id: row.id,
    code: row.code,
    invitedPhone: row.invitedPhone,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    usedCount: row.usedCount,
    maxUses: row.maxUses,
    isActive: row.isActive,
    role: row.role,
  };
}
