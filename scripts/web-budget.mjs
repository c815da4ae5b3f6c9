// The first page's script budget: what index.html loads before the app can draw (the entry and its modulepreloads)
// plus the largest language catalog, gzipped. Pages, the report export, menus and toasts load when first needed.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { root } from "./lib.mjs";

const BUDGET_KB = 150;
const dist = path.join(root, "apps/web/dist");
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const catalogs = fs
  .readdirSync(path.join(dist, "assets"))
  .filter((f) => /^(en|zh-CN|zh-TW)-[\w-]+\.js$/.test(f))
  .map((f) => gz(path.join("assets", f)));
if (initial.length === 0 || catalogs.length !== 3) {
  console.error("✗ web budget: could not find the entry scripts or the three catalogs in apps/web/dist");
  process.exit(1);
}
const kb = (initial.reduce((sum, f) => sum + gz(f), 0) + Math.max(...catalogs)) / 1024;
const line = `first page script ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`;
if (kb > BUDGET_KB) {
  console.error(`✗ ${line}`);
  process.exit(1);
}
console.log(`→ ${line}`);
