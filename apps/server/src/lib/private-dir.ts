import fs from "node:fs";
import path from "node:path";

/** Thrown when DATA_DIR, or something in it, belongs to another user: the server cannot make it private. */
export class DataDirNotPrivateError extends Error {
  constructor(readonly file: string) {
    super(
      `${file} belongs to another user, so this server cannot make its data private. ` +
        "Run the server as the user who owns DATA_DIR, or give it a DATA_DIR of its own.",
    );
    this.name = "DataDirNotPrivateError";
  }
}

/**
 * Makes `dir` and everything in it private to the server's user: folders 0700, files without group or other bits
 * (0666 → 0600). Returns how many entries were open to others. Symbolic links are left alone (their own mode means
 * nothing). PGlite sets 0666 on the files of a new database whatever the umask, so this runs after it opens as well.
 */
export function makePrivate(dir: string): number {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let loosened = 0;
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory() ? 0o700 : mode & 0o700;
    if (mode !== wanted) {
      loosened++;
      try {
        fs.chmodSync(file, wanted);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EPERM") throw new DataDirNotPrivateError(file);
        throw error;
      }
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return loosened;
}

/** Entries under `dir` (itself included) that a user other than the owner could read, write or enter. */
export function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(file);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return found;
}
