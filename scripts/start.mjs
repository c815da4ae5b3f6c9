// `npm start`: install when needed, build the web app, then serve API + web on one port (embedded database by default).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWebIfStale, ensureDependencies, root } from "./lib.mjs";

ensureDependencies();
buildWebIfStale();

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
