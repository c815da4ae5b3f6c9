import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed, stdout and stderr. */
  log: string[];
  exited: Promise<number | null>;
}

/** The real server (src/main.ts) as a child process, not waited for. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => log.push(String(d)));
  child.stderr?.on("data", (d) => log.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, log, exited };
}

/** Resolves once /healthz answers; throws with the server's output if it exits or takes longer than `ms`. */
export async function untilHealthy(server: ServerProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited ${server.child.exitCode}: ${server.log.join("")}`);
    try {
      if ((await fetch(`${server.baseUrl}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    if (Date.now() > until) throw new Error(`server did not start: ${server.log.join("")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}
