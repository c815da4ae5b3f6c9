import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const serverDir = path.join(repoRoot, "apps/server");

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
  output: string[];
  stop(): Promise<void>;
}

/** Starts the real server (apps/server/src/main.ts of this checkout, or of `root`) and waits for /healthz. */
export async function startServer(env: Record<string, string>, root?: string): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: root ? path.join(root, "apps/server") : serverDir,
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => output.push(String(d)));
  child.stderr?.on("data", (d) => output.push(String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { child, baseUrl, output, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`server did not start:\n${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
