import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config/env.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { buildApp } from "./http/app.ts";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dir: config.dataDir },
  );
  const app = await buildApp({ config, database, webDist });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `essay grader ready on http://${config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
