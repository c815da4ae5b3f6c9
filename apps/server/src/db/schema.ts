import { sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Small key/value table for instance-wide facts (first-run markers, schema notes).
 * Feature tables live beside this file, one schema for PGlite and PostgreSQL.
 */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export * from "./schema.accounts.ts";
export * from "./schema.classes.ts";
export * from "./schema.manuscripts.ts";
