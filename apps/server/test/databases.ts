import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../src/db/client.ts";

export type DatabaseKind = "pglite" | "postgres";

/** In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase {
  database: Database;
  /** Connection string of the throwaway PostgreSQL database (postgres only). */
  url?: string;
  dispose(): Promise<void>;
}

/** A uniquely named database created from TEST_DATABASE_URL; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `essay_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Opens a fresh, migrated database of the given kind. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({ kind: "pglite" });
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  try {
    const database = await openDatabase({ kind: "postgres", url: created.url, poolSize: 5 });
    return {
      database,
      url: created.url,
      async dispose() {
        await database.close();
        await created.drop();
      },
    };
  } catch (error) {
    await created.drop();
    throw error;
  }
}
