import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./index.ts";

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Files under one root folder; writes go to a temporary name first, then rename (no half files). */
export class LocalStorage implements FileStorage {
  readonly driver = "local";
  constructor(readonly root: string) {}

  private resolve(key: string): string {
    if (!KEY.test(key) || key.split("/").some((p) => p === "." || p === "..")) {
      throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    }
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, bytes, { mode: 0o600 });
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}
