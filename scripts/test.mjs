// `npm test`: everything CI checks, in order — lint, types, unit + API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), web build, browser flows in Debian's Chromium.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildWebIfStale, ensureDependencies, root, run } from "./lib.mjs";

function hasCjkFont() {
  try {
    return /Noto (Sans|Serif) CJK/.test(execSync("fc-list", { encoding: "utf8" }));
  } catch {
    return false;
  }
}

/** Browser tests need Debian's chromium and fonts (test tools cannot download browsers here). */
function ensureBrowser() {
  const missing = [];
  if (!fs.existsSync("/usr/bin/chromium")) missing.push("chromium");
  if (!fs.existsSync("/usr/share/fonts/truetype/liberation")) missing.push("fonts-liberation");
  if (!hasCjkFont()) missing.push("fonts-noto-cjk");
  // Country flags in native selects are emoji; without this font Chromium draws empty boxes.
  if (!fs.existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")) missing.push("fonts-noto-color-emoji");
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`Missing ${missing.join(", ")}: run  sudo apt-get install -y ${missing.join(" ")}`);
    process.exit(1);
  }
  console.log(`→ installing ${missing.join(", ")} with apt-get…`);
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], {
    env: { DEBIAN_FRONTEND: "noninteractive" },
  });
}

ensureDependencies();
ensureBrowser();

console.log("→ lint (biome)");
run("npx", ["biome", "check", "."]);

console.log("→ typecheck");
const tsProjects = [
  "packages/contract",
  "packages/lang",
  "packages/ocr",
  "packages/grading",
  "apps/server",
  "apps/web",
  "e2e",
  "bench",
];
for (const dir of tsProjects) {
  const src = path.join(root, dir);
  if (!fs.existsSync(path.join(src, "tsconfig.json"))) continue;
  const hasSources = fs
    .readdirSync(src, { recursive: true })
    .some((f) => /\.tsx?$/.test(String(f)) && !String(f).includes("node_modules"));
  if (hasSources) run("npx", ["tsc", "-p", dir, "--noEmit"]);
}

console.log("→ unit and API tests (vitest)");
run("npx", ["vitest", "run"]);

buildWebIfStale();
run("node", ["scripts/web-budget.mjs"]);

console.log("→ browser tests (playwright + chromium)");
run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"]);
