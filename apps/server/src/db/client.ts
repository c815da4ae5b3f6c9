import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { makePrivate } from "../lib/private-dir.ts";
import { acquireDirLock } from "./lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The drizzle handle used by modules; both drivers expose the same query builder. */
export type Db = ReturnType<typeof drizzlePg<Schema>> | ReturnType<typeof drizzlePglite<Schema>>;
/** What repositories accept: either driver's database or a transaction opened on it. */
export type Queryable = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs raw SQL with positional parameters; used by the job queue adapter and health checks. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** `dir` undefined means an in-memory database (tests). */
  | { kind: "pglite"; dir?: string };

/** Opens the database, applies committed migrations and returns a handle. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection can be cut (server restart, failover, an administrator); the pool opens a new one on the
    // next query. Without a listener node-postgres rethrows the event and takes the whole process down.
    pool.on("error", (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      kind: "postgres",
      db,
      query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      close: () => pool.end(),
    };
  }

  const release = options.dir ? acquireDirLock(options.dir) : () => {};
  try {
    const client = options.dir ? await PGlite.create(path.join(options.dir, "pglite")) : await PGlite.create();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    // PGlite creates a new database's files 0666 whatever the umask (the write-ahead log holds password hashes and
    // students' names): private from the first start
    if (options.dir) makePrivate(options.dir);
    return {
      kind: "pglite",
      db,
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
