import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminSocketPath, startAdminSocket } from "../src/admin/admin-socket.ts";
import { openDatabase } from "../src/db/client.ts";
import { InvitationsService } from "../src/modules/invitations/invitations.service.ts";
import { DemoSmsProvider } from "../src/providers/sms/demo.sms.ts";
import { createPostgresDatabase } from "./databases.ts";

// These tests start real processes (tsx, PGlite); on a loaded 2-core machine that alone can take tens of seconds.
vi.setConfig({ testTimeout: 120_000 });

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const serverMain = path.join(repoRoot, "apps/server/src/main.ts");
const cliMain = path.join(repoRoot, "apps/server/src/cli.ts");

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["DATABASE_URL", "DATA_DIR", "PORT", "HOST", "PUBLIC_URL", "SMS_PROVIDER"]) delete env[key];
  return { ...env, LOG_LEVEL: "info", ...extra };
}

function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", cliMain, ...args],
      { cwd: repoRoot, env: cleanEnv(env), timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function parseInvite(stdout: string) {
  const lines = stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  const result = JSON.parse(lines[0] ?? "") as { code: string; invitedPhone: string; expiresAt: string; role: string };
  expect(Object.keys(result).sort()).toEqual(["code", "expiresAt", "invitedPhone", "role"]);
  expect(result.code).toMatch(/^[A-Z2-9]{8}$/);
  expect(new Date(result.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  return result;
}

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "essay-cli-"));
  tmpDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tmpDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run cli -- invite", () => {
  it("opens a free PGlite folder directly; an 11-digit mainland number gets +86", async () => {
    const dir = tmpDir();
    const res = await runCli(["invite", "13800138001"], { DATA_DIR: dir });
    expect(res.code).toBe(0);
    const invite = parseInvite(res.stdout);
    expect(invite.invitedPhone).toBe("+8613800138001");
    // the first account is a teacher unless told otherwise
    expect(invite.role).toBe("teacher");
    const database = await openDatabase({ kind: "pglite", dir });
    try {
      const rows = await database.query<{ code: string; created_by: string | null; max_uses: number; role: string }>(
        "select code, created_by, max_uses, role from invitations",
      );
      expect(rows).toEqual([{ code: invite.code, created_by: null, max_uses: 1, role: "teacher" }]);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dir, "essay-grader.lock"))).toBe(false);
  });

  it("refuses a malformed phone with a message and a non-zero exit", async () => {
    const res = await runCli(["invite", "12345"], { DATA_DIR: tmpDir() });
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/not a phone number/);
    const usage = await runCli([], { DATA_DIR: tmpDir() });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage/);
    const badRole = await runCli(["invite", "13800138001", "--role", "admin"], { DATA_DIR: tmpDir() });
    expect(badRole.code).toBe(2);
  });

  it("sms-outbox shows the demo provider's sign-in and reset codes (never shown on screen), file 0600", async () => {
    const dir = tmpDir();
    const sms = new DemoSmsProvider(dir);
    await sms.send({ phoneNumber: "+8613800138002", purpose: "register", code: "111111" });
    await sms.send({ phoneNumber: "+8613800138002", purpose: "login", code: "222222" });
    await sms.send({ phoneNumber: "+8613800138003", purpose: "reset", code: "333333" });
    expect(fs.statSync(path.join(dir, "sms-outbox.log")).mode & 0o777).toBe(0o600);
    const res = await runCli(["sms-outbox", "13800138002"], { DATA_DIR: dir });
    expect(res.code).toBe(0);
    const lines = res.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // registration codes are on screen already: only the login code is in the outbox for this phone
    expect(lines).toEqual([
      expect.objectContaining({ phoneNumber: "+8613800138002", purpose: "login", code: "222222" }),
    ]);
  });

  it("goes through the admin socket (mode 0600) when the folder is held by a server", async () => {
    const dir = tmpDir();
    const database = await openDatabase({ kind: "pglite", dir }); // holds the folder lock, like a running server
    const stop = await startAdminSocket(dir, new InvitationsService(database.db));
    try {
      expect(fs.statSync(adminSocketPath(dir)).mode & 0o777).toBe(0o600);
      const res = await runCli(["invite", "+85291234567", "--role", "student"], { DATA_DIR: dir });
      expect(res.stderr).not.toMatch(/in use/);
      expect(res.code).toBe(0);
      const invite = parseInvite(res.stdout);
      expect(invite).toMatchObject({ invitedPhone: "+85291234567", role: "student" });
      const rows = await database.query<{ code: string; role: string }>("select code, role from invitations");
      expect(rows).toEqual([{ code: invite.code, role: "student" }]);
    } finally {
      await stop();
      await database.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("talks to PostgreSQL directly with DATABASE_URL", async () => {
    const created = await createPostgresDatabase();
    try {
      const res = await runCli(["invite", "+8613900000001"], { DATABASE_URL: created.url, DATA_DIR: tmpDir() });
      expect(res.code).toBe(0);
      const invite = parseInvite(res.stdout);
      const database = await openDatabase({ kind: "postgres", url: created.url, poolSize: 1 });
      try {
        const rows = await database.query<{ invited_phone: string }>(
          "select invited_phone from invitations where code = $1",
          [invite.code],
        );
        expect(rows).toEqual([{ invited_phone: "+8613900000001" }]);
      } finally {
        await database.close();
      }
    } finally {
      await created.drop();
    }
  });
});

describe("first run with the real server process", () => {
  let server: ChildProcess | undefined;
  afterEach(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    server = undefined;
  });

  it("logs how to invite the first teacher, and the CLI invites through the running server", async () => {
    const dir = tmpDir();
    server = spawn(process.execPath, ["--import", "tsx", serverMain], {
      cwd: repoRoot,
      env: cleanEnv({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    server.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    server.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    const deadline = Date.now() + 45_000;
    while (!/No accounts yet/.test(log)) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // said once, in plain text (not inside a JSON log record), with the command to run
    expect(log.match(/No accounts yet/g)).toHaveLength(1);
    expect(log).toMatch(/^\s+npm run -s cli -- invite \d+/m);
    const port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1]);
    expect(port).toBeGreaterThan(0);

    const res = await runCli(["invite", "13800138009"], { DATA_DIR: dir });
    expect(res.code).toBe(0);
    const invite = parseInvite(res.stdout);

    const validate = await fetch(`http://127.0.0.1:${port}/api/invitations/validate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: invite.code, phoneNumber: "+8613800138009" }),
    });
    expect(validate.status).toBe(200);
  });
});
