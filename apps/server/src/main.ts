import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAdminSocket } from "./admin/admin-socket.ts";
import { ConfigError, loadConfig } from "./config/env.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { buildApp } from "./http/app.ts";
import { JobQueue } from "./jobs/queue.ts";
import { startWorkers } from "./jobs/registry.ts";
import { countUsers } from "./modules/accounts/users.repo.ts";
import { InvitationsService } from "./modules/invitations/invitations.service.ts";
import { createGraderFromConfig } from "./providers/grading/index.ts";
import { createOcrFromConfig } from "./providers/ocr/index.ts";
import { createStorage } from "./providers/storage/index.ts";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dir: config.dataDir },
  );
  const storage = createStorage(config.storage, config.dataDir);
  let log: { error(obj: unknown, msg: string): void } = { error: (obj, msg) => console.error(msg, obj) };
  const queue = new JobQueue(database, config.jobs, (error) => log.error({ err: error }, "job queue error"));
  await queue.start();
  const app = await buildApp({ config, database, webDist, manuscripts: { storage, queue } });
  log = app.log;
  // One OCR engine per process: the embedded engine loads its models once, in its worker thread.
  const ocr = config.services.worker ? createOcrFromConfig(config.ocr) : null;
  if (ocr) {
    const grader = createGraderFromConfig(config.grader, app.log);
    await startWorkers(queue, { db: database.db, log: app.log, storage, ocr, grader });
  }
  // PGlite allows one process: the `invite` command reaches this one over a 0600 unix socket instead.
  let closeAdmin: (() => Promise<void>) | null = null;
  if (database.kind === "pglite") {
    try {
      closeAdmin = await startAdminSocket(config.dataDir, new InvitationsService(database.db));
    } catch (error) {
      app.log.warn({ err: error }, "admin socket unavailable: stop the server to run `npm run cli -- invite`");
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await queue.stop({ graceful: true, timeoutMs: 5000 }).catch(() => {});
      await app.close();
      await ocr?.close();
      await closeAdmin?.();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  if (!config.services.api) {
    app.log.info({ database: database.kind }, "essay grader worker ready (SERVICES has no api)");
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, services: config.services },
    `essay grader ready on http://${config.host}:${config.port}`,
  );
  if ((await countUsers(database.db)) === 0) {
    app.log.info(
      "No accounts yet. Invite the first teacher with `npm run -s cli -- invite <phone>` " +
        "(e.g. +8613800138001), then sign up on the login page with that phone and the printed code.",
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
