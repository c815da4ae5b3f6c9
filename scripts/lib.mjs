import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
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
    console.log("→ installing dependencies (npm ci)…");
    // The lockfile is complete for every platform, so a clean install reproduces exactly what CI tested.
    // ONNXRUNTIME_NODE_INSTALL=skip: npm versions that still run install scripts must not fetch GPU builds.
    run("npm", ["ci", "--no-audit", "--no-fund"], {
      env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", ONNXRUNTIME_NODE_INSTALL: "skip" },
    });
  }
}

/** Everything the web build reads: its sources, config, the shared contract and the locked dependencies. */
const WEB_INPUTS = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "packages/contract/src",
  "packages/contract/package.json",
  "package-lock.json",
];

function filesUnder(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true })
    .map((f) => path.join(entry, String(f)))
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

/** A hash of the build's inputs by content (a checkout or a copy changes mtimes, not contents). */
function webInputsHash() {
  const hash = createHash("sha256");
  for (const file of WEB_INPUTS.flatMap(filesUnder).sort()) {
    hash.update(file.split(path.sep).join("/"));
    hash.update("\0");
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Builds the web app unless dist/ was built from exactly these inputs. */
export function buildWebIfStale() {
  const dist = path.join(root, "apps/web/dist");
  const stamp = path.join(dist, ".inputs-sha256");
  const wanted = webInputsHash();
  if (fs.existsSync(path.join(dist, "index.html")) && fs.existsSync(stamp)) {
    if (fs.readFileSync(stamp, "utf8").trim() === wanted) {
      console.log("→ web app is up to date");
      return;
    }
  }
  console.log("→ building the web app…");
  run("npm", ["run", "-s", "build"]);
  fs.writeFileSync(stamp, `${wanted}\n`);
}
