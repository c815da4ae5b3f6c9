import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openToOthers } from "../src/lib/private-dir.ts";
import { createPostgresDatabase } from "./databases.ts";
import { TestClient, testDatabases } from "./harness.ts";
import { freePort, type ServerProcess, spawnServer, stopServer, untilHealthy } from "./server-process.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "essay-start-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function track(server: ServerProcess): ServerProcess {
  cleanups.push(() => stopServer(server, "SIGKILL"));
  return server;
}

describe("start-up with a dead DATABASE_URL", () => {
  it("retries with a plain message, then gives up without a stack trace or the password", {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const server = track(
      await spawnServer({
        DATA_DIR: await tempDir(),
        DATABASE_URL: `postgres://essay:hunter2secret@127.0.0.1:${port}/essays`,
        DATABASE_WAIT_SECONDS: "4",
      }),
    );
    expect(await server.exited).toBe(1);
    const output = server.log.join("");
    expect(output).toContain(`Database at 127.0.0.1:${port}/essays not reachable (ECONNREFUSED); retrying in 1 s`);
    expect(output).toContain(`Cannot reach the database at 127.0.0.1:${port}/essays (ECONNREFUSED)`);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain("hunter2secret");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "starts once PostgreSQL comes up during the wait",
    { timeout: 90_000 },
    async () => {
      const created = await createPostgresDatabase();
      cleanups.push(() => created.drop());
      const target = new URL(created.url);
      const port = await freePort();
      const url = new URL(created.url);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      const server = track(
        await spawnServer({ DATA_DIR: await tempDir(), DATABASE_URL: url.toString(), DATABASE_WAIT_SECONDS: "60" }),
      );
      // PostgreSQL "starts" once the server has found it missing: a relay to it opens on the port the server retries
      for (let i = 0; i < 300 && !server.log.join("").includes("retrying"); i++)
        await new Promise((r) => setTimeout(r, 100));
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((c) => {
        const up = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
        sockets.add(c).add(up);
        c.pipe(up).pipe(c);
        c.on("error", () => up.destroy());
        up.on("error", () => c.destroy());
      });
      await new Promise<void>((r) => relay.listen(port, "127.0.0.1", r));
      cleanups.push(async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((r) => relay.close(() => r()));
      });
      await untilHealthy(server);
      expect(server.log.join("")).toContain("not reachable (ECONNREFUSED); retrying");
      await stopServer(server);
    },
  );
});

describe.each(testDatabases())("DATA_DIR is private to the server's user (%s)", (kind) => {
  it("makes an open DATA_DIR private at start and keeps what it writes private", { timeout: 120_000 }, async () => {
    const dataDir = await tempDir();
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, "notes.txt"), "left by an earlier install", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "notes.txt"), 0o644);
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (kind === "postgres") {
      const created = await createPostgresDatabase();
      cleanups.push(() => created.drop());
      env.DATABASE_URL = created.url;
    }
    const server = track(await spawnServer(env));
    await untilHealthy(server);
    expect(server.log.join("")).toContain("entries of DATA_DIR were open to other users: made private");
    // the server writes: a registration code request reaches the database (and PGlite's log)
    const client = new TestClient(server.baseUrl);
    await client.post("/api/auth/send-verification-code", { phoneNumber: "+8613800138000", purpose: "login" });
    expect(openToOthers(dataDir)).toEqual([]);
    await stopServer(server);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    if (kind === "pglite") expect(fs.readdirSync(path.join(dataDir, "pglite")).length).toBeGreaterThan(5);
  });
});
