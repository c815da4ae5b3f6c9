import fs from "node:fs";
import path from "node:path";

/** Thrown when another live process already holds the embedded database folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. ` +
        "Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no inter-process locking: two processes writing one folder corrupt it.
 * An exclusive lock file holding our pid refuses the second process; a lock left by a dead process is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "essay-grader.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dir, holder);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
