import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAdminSocket } from "./admin/admin-socket.ts";
import { ConfigError, loadConfig } from "./config/env.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { DatabaseUnreachableError, openWithRetry } from "./db/wait-for-database.ts";
import { buildApp } from "./http/app.ts";
import { JobQueue } from "./jobs/queue.ts";
import { startWorkers } from "./jobs/registry.ts";
import { createLogger } from "./lib/logger.ts";
import { DataDirNotPrivateError, makePrivate } from "./lib/private-dir.ts";
import { countUsers } from "./modules/accounts/users.repo.ts";
import { InvitationsService } from "./modules/invitations/invitations.service.ts";
import { createGraderFromConfig } from "./providers/grading/index.ts";
import { createOcrFromConfig } from "./providers/ocr/index.ts";
import { createStorage } from "./providers/storage/index.ts";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, format: config.logFormat });
  // Everything this process creates is its user's alone: photos, the SMS outbox, the admin socket, PGlite's files.
  process.umask(0o077);
  const loosened = makePrivate(config.dataDir);
  if (loosened > 0) {
    logger.warn(
      { dataDir: config.dataDir, count: loosened },
      `${loosened} entries of DATA_DIR were open to other users: made private`,
    );
  }
  const databaseUrl = config.databaseUrl;
  const database = databaseUrl
    ? await openWithRetry(() => openDatabase({ kind: "postgres", url: databaseUrl }), {
        url: databaseUrl,
        waitSeconds: config.databaseWaitSeconds,
        onRetry: (message) => logger.warn(message),
      })
    : await openDatabase({ kind: "pglite", dir: config.dataDir });
  const storage = createStorage(config.storage, config.dataDir);
  const queue = new JobQueue(database, config.jobs, (error) => logger.error({ err: error }, "job queue error"));
  await queue.start();
  const app = await buildApp({ config, logger, database, webDist, manuscripts: { storage, queue } });
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
  const address = app.server.address();
  const port = address && typeof address === "object" ? address.port : config.port;
  const url = `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${port}`;
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, services: config.services },
    `essay grader ready on ${url}`,
  );
  if ((await countUsers(database.db)) === 0) {
    // Plain text, not a log record: it is the one thing a newcomer must read, once, at the first start.
    process.stdout.write(firstTeacherHint(url));
  }
}

function firstTeacherHint(url: string): string {
  return [
    "",
    "  No accounts yet. Invite the first teacher (in another terminal, in this folder):",
    "",
    "      npm run -s cli -- invite 13800138001        (their mobile number; +852…, +1… for other countries)",
    "",
    `  It prints an invitation code. Open ${url}, enter that phone number, then the code.`,
    "",
    "",
  ].join("\n");
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof DataDirNotPrivateError
  ) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
