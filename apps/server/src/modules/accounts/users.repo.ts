import { normalizeWorkLanguage, type TUser } from "@essay/contract";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { users } from "../../db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserByPhone(db: Queryable, phoneNumber: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertUser(db: Queryable, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateUser(db: Queryable, id: string, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/** Sets the first password of an account that has none; false when it has one by now. */
export async function setFirstPassword(db: Queryable, id: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, hasCustomPassword: true })
    .where(and(eq(users.id, id), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** The `ZUser` shape: no password hash, dates as ISO strings. */
export function presentUser(row: UserRow): TUser {
  return {
    id: row.id,
    name: row.name,
    phoneNumber: row.phoneNumber,
    country: row.country,
    workLanguage: normalizeWorkLanguage(row.workLanguage),
    school: row.school,
    role: row.role,
    isVerified: row.isVerified,
    hasCustomPassword: row.hasCustomPassword,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}
