import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { manuscriptPages } from "../src/db/schema.ts";
import { createPostgresDatabase } from "./databases.ts";
import { createUser } from "./factories.ts";
import { TestClient, testDatabases } from "./harness.ts";
import { pollManuscript, renderPage, uploadFile } from "./manuscripts-harness.ts";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The real server (src/main.ts) as a child process; resolves once /healthz answers. */
async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string; log: string[] }> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => log.push(String(d)));
  child.stderr?.on("data", (d) => log.push(String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${log.join("")}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { child, baseUrl, log };
    } catch {
      // not yet listening
    }
    if (Date.now() > until) throw new Error(`server did not start: ${log.join("")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

describe.each(testDatabases())("server killed during recognition, restarted (%s)", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it("killed in the middle of page 2 of 3: after a restart nothing is read twice and nothing is lost", {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "essay-crash-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      // expiry stays at its default (10 minutes): recovery comes from the start-up sweep (PGlite) or the leases
      JOB_EXPIRE_SECONDS: "600",
      JOB_HEARTBEAT_SECONDS: "1",
      JOB_MAINTENANCE_SECONDS: "1",
      JOB_POLL_SECONDS: "0.5",
      JOB_RETRY_DELAY_SECONDS: "1",
      JOB_RETRY_LIMIT: "3",
      OCR_THREADS: "1",
    };
    if (kind === "postgres") {
      const pgdb = await createPostgresDatabase();
      cleanups.push(() => pgdb.drop());
      env.DATABASE_URL = pgdb.url;
    }
    const open = () =>
      openDatabase(
        env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL, poolSize: 1 } : { kind: "pglite", dir: dataDir },
      );
    /** Each page's reads started and whether it is read, in page order (the server is down: PGlite is one process). */
    const pageRows = async () => {
      const database = await open();
      try {
        return await database.db
          .select({ attempts: manuscriptPages.ocrAttempts, recognizedAt: manuscriptPages.recognizedAt })
          .from(manuscriptPages)
          .orderBy(asc(manuscriptPages.position));
      } finally {
        await database.close();
      }
    };
    // The teacher exists before the server starts (PGlite is single-process).
    const database = await open();
    const { user, password } = await createUser(database.db);
    await database.close();

    let server = await startServer(env);
    cleanups.push(() => kill(server.child, "SIGKILL"));
    let client = new TestClient(server.baseUrl);
    expect((await client.post("/api/auth/login-password", { phoneNumber: user.phoneNumber, password })).status).toBe(
      200,
    );
    const created = await client.post("/api/manuscripts", {
      studentName: "Li Hua",
      studentClass: "8-2",
      studentId: "S1",
    });
    const id: string = created.body.id;
    const words = ["alpha", "bravo", "charlie"];
    for (const word of words) {
      const lines = [`${word[0]?.toUpperCase()}${word.slice(1)} went to the sports day.`, "Everyone cheered loudly."];
      expect((await uploadFile(client, id, await renderPage(lines))).status).toBe(200);
    }

    // kill -9 while page 2 is being read (page 1 is in)
    const reading = await pollManuscript(
      client,
      id,
      (m) => (m.job?.state === "running" && m.job.progress?.page === 2) || m.status !== "uploaded",
      120_000,
      50,
    );
    await kill(server.child, "SIGKILL");
    expect(reading.status).toBe("uploaded");
    expect(reading.job.progress).toEqual({ page: 2, read: 1, total: 3 });
    expect(reading.pages.map((p: { state: string }) => p.state)).toEqual(["read", "reading", "waiting"]);
    const atCrash = await pageRows();
    expect(atCrash.map((p) => p.attempts)).toEqual([1, 1, 0]);
    expect(atCrash.map((p) => p.recognizedAt !== null)).toEqual([true, false, false]);

    server = await startServer(env);
    // Same browser session: sessions live in the database and survive the crash.
    const cookies = client.cookies;
    client = new TestClient(server.baseUrl);
    for (const [k, v] of cookies) client.cookies.set(k, v);
    // page 2 is taken up again within seconds of the restart, not after the 10-minute expiry (the brief's bound)
    const again = await pollManuscript(
      client,
      id,
      (m) => m.status === "ocr_completed" || (m.job?.state === "running" && m.job.attempts >= 2),
      10_000,
      100,
    );
    expect(again.status === "ocr_completed" || again.job.progress.page === 2).toBe(true);
    const done = await pollManuscript(client, id, (m) => m.status === "ocr_completed", 120_000);
    expect(done.job).toBeNull();
    // nothing lost: every page's text, in page order
    const text = done.ocrText.toLowerCase();
    expect(words.map((w) => text.indexOf(w))).toEqual([...words.map((w) => text.indexOf(w))].sort((a, b) => a - b));
    expect(words.every((w) => text.includes(w))).toBe(true);
    // page 1 kept its pre-crash result, untouched
    expect(done.pages[0].recognizedAt).toBe(reading.pages[0].recognizedAt);
    await kill(server.child, "SIGTERM");
    // nothing read twice: page 1 once, page 2 once more after its cut-short read, page 3 once
    expect((await pageRows()).map((p) => p.attempts)).toEqual([1, 2, 1]);
  });
});
