import { VERIFICATION_PURPOSES } from "@essay/contract";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Accounts. `phoneNumber` is dial code plus number ("+8613800138001"), unique. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  phoneNumber: text("phone_number").notNull().unique(),
  name: text("name").notNull(),
  school: text("school"),
  role: text("role", { enum: ["teacher", "student"] }).notNull(),
  country: text("country").notNull().default("CN"),
  workLanguage: text("work_language", { enum: ["zh-CN", "zh-TW", "en"] })
    .notNull()
    .default("zh-CN"),
  /**
   * scrypt$N$r$p$salt$hash (base64url parts); null until the user sets a password (a new account has none: nobody
   * can guess it, and until one is set the account can only set it or sign in by SMS code).
   */
  passwordHash: text("password_hash"),
  /** True exactly when `passwordHash` is set (the name is the spec's). */
  hasCustomPassword: boolean("has_custom_password").notNull().default(false),
  isVerified: boolean("is_verified").notNull().default(false),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  lastLoginAt: ts("last_login_at"),
});

/** Signed-in browsers: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().default(sql`now()`),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time SMS codes, stored hashed, bound to phone and purpose (and to the user for phone changes). */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    phoneNumber: text("phone_number").notNull(),
    purpose: text("purpose", { enum: VERIFICATION_PURPOSES }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull().default(sql`now()`),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
  },
  (t) => [index("verification_codes_lookup_idx").on(t.phoneNumber, t.purpose, t.createdAt)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    code: text("code").notNull().unique(),
    invitedPhone: text("invited_phone").notNull(),
    /** Null for invitations made by the system (the `invite` CLI). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().default(sql`now()`),
    expiresAt: ts("expires_at").notNull(),
    usedCount: integer("used_count").notNull().default(0),
    maxUses: integer("max_uses").notNull().default(1),
    isActive: boolean("is_active").notNull().default(true),
    /** What the invitee becomes, chosen by the inviter. */
    role: text("role", { enum: ["teacher", "student"] })
      .notNull()
      .default("teacher"),
  },
  (t) => [index("invitations_created_by_idx").on(t.createdBy, t.createdAt)],
);

/**
 * Rate limits: one row per key (phone, phone and address, address, …) with its count in the current window and the
 * time until which it refuses. Each hit is one upsert holding the row's lock, so parallel hits are counted one by one.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowStart: ts("window_start").notNull(),
  updatedAt: ts("updated_at").notNull(),
  blockedUntil: ts("blocked_until").notNull(),
});
