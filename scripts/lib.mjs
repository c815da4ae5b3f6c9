import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a command in the repo root, streaming output; exits the script on failure. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  const stale =
    !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs);
  if (stale) {
    console.log("→ installing dependencies (npm install)…");
    // `npm install` rather than `npm ci`: it also heals a lockfile that lacks other platforms' optional packages.
    run("npm", ["install", "--no-audit", "--no-fund"], {
      env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
    });
  }
}
