import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { buildApp } from "../src/http/app.ts";
import { JobQueue } from "../src/jobs/queue.ts";
import { DemoSmsProvider } from "../src/providers/sms/demo.sms.ts";
import { LocalStorage } from "../src/providers/storage/index.ts";
import { createPostgresDatabase, openTestDatabase } from "./databases.ts";
import { signedIn } from "./factories.ts";
import { listenTestApp, TEST_HASHING, type TestApp, type TestClient, testDatabases } from "./harness.ts";
import { postImage, renderPage, TEST_JOBS } from "./manuscripts-harness.ts";

/** A TCP relay in front of PostgreSQL that can be cut (the database going away) and brought back on the same port. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    const address = server.address();
    if (address && typeof address === "object") this.port = address.port;
    this.server = server;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const STUDENT = { studentName: "李华", studentClass: "三年级二班", studentId: "S001" };

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL going away (postgres)", () => {
  let relay: Relay;
  let t: TestApp;
  let dropDatabase: () => Promise<void>;
  let teacher: TestClient;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    const url = new URL(created.url);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 3 });
    const sms = new DemoSmsProvider();
    const app = await buildApp({
      config: { publicUrl: undefined, logLevel: "silent", nodeEnv: "test" },
      database,
      sms,
      passwordHashing: TEST_HASHING,
    });
    t = await listenTestApp("postgres", { database, dispose: async () => database.close() }, app, sms);
    teacher = (await signedIn(t)).client;
  }, 60_000);
  afterAll(async () => {
    await relay?.start().catch(() => {});
    await t?.close();
    await dropDatabase?.();
  });

  it("answers 503 DATABASE_UNAVAILABLE while the database is unreachable, and serves again when it is back", async () => {
    expect((await teacher.get("/api/auth/me")).status).toBe(200);
    await relay.cut();
    for (const [method, url, body] of [
      ["GET", "/api/auth/me", undefined],
      ["POST", "/api/auth/login-password", { phoneNumber: "+8613800138000", password: "Secret#2024" }],
      ["GET", "/api/invitations", undefined],
    ] as const) {
      const res = await teacher.request(method, url, body);
      expect(res.status, url).toBe(503);
      expect(res.body.code).toBe("DATABASE_UNAVAILABLE");
      expect(res.headers.get("retry-after")).toBe("30");
    }
    await relay.start();
    expect((await teacher.get("/api/auth/me")).status).toBe(200);
  });
});

describe.each(testDatabases())("a closed database and a full disk (%s)", (kind) => {
  it("answers 503 DATABASE_UNAVAILABLE once the database is closed", async () => {
    const testDb = await openTestDatabase(kind);
    const sms = new DemoSmsProvider();
    const app = await buildApp({
      config: { publicUrl: undefined, logLevel: "silent", nodeEnv: "test" },
      database: testDb.database,
      sms,
      passwordHashing: TEST_HASHING,
    });
    const t = await listenTestApp(kind, testDb, app, sms);
    try {
      const { client } = await signedIn(t);
      // the database goes away under the running app (PGlite closed; PostgreSQL's database dropped)
      await testDb.dispose();
      const res = await client.get("/api/auth/me");
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("DATABASE_UNAVAILABLE");
    } finally {
      await app.close();
    }
  });

  // A real full disk: photos stored on a 256 KB tmpfs (mounting needs root, as `npm test` runs here).
  it.skipIf(process.getuid?.() !== 0)("answers 503 DISK_FULL when a photo cannot be written (ENOSPC)", async () => {
    const mountPoint = await mkdtemp(path.join(tmpdir(), "essay-full-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint]);
    const testDb = await openTestDatabase(kind);
    const queue = new JobQueue(testDb.database, TEST_JOBS);
    await queue.start();
    const sms = new DemoSmsProvider();
    const app = await buildApp({
      config: { publicUrl: undefined, logLevel: "silent", nodeEnv: "test" },
      database: testDb.database,
      sms,
      manuscripts: { storage: new LocalStorage(mountPoint), queue },
      passwordHashing: TEST_HASHING,
    });
    const t = await listenTestApp(kind, testDb, app, sms);
    try {
      const { client } = await signedIn(t);
      const m = (await client.post("/api/manuscripts", STUDENT)).body;
      // a photo of noise re-encodes to well over the 256 KB the disk holds
      const { default: sharp } = await import("sharp");
      const noise = await sharp(
        Buffer.from(Array.from({ length: 1200 * 900 }, () => Math.floor(Math.random() * 256))),
        {
          raw: { width: 1200, height: 900, channels: 1 },
        },
      )
        .jpeg({ quality: 95 })
        .toBuffer();
      const res = await postImage(client, `/api/manuscripts/${m.id}/upload`, noise);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("DISK_FULL");
      expect((await client.get(`/api/manuscripts/${m.id}`)).body).toMatchObject({ status: "created", pages: [] });
      // a photo that fits still goes in
      const small = await postImage(client, `/api/manuscripts/${m.id}/upload`, await renderPage(["Small."], "jpeg"));
      expect(small.status).toBe(200);
    } finally {
      await queue.stop({ graceful: false, timeoutMs: 500 }).catch(() => {});
      await t.close();
      execFileSync("umount", [mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
    }
  });
});
