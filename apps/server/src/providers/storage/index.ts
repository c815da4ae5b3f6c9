import path from "node:path";
import { LocalStorage } from "./local.storage.ts";
import { type S3Config, S3Storage } from "./s3.storage.ts";

/** Where uploaded photos live. Keys are relative paths such as `manuscripts/<id>/<uuid>.jpg`. */
export interface FileStorage {
  readonly driver: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export type StorageConfig = { driver: "local" } | { driver: "s3"; s3: S3Config };

export function createStorage(config: StorageConfig, dataDir: string): FileStorage {
  switch (config.driver) {
    case "local":
      return new LocalStorage(path.join(dataDir, "files"));
    case "s3":
      return new S3Storage(config.s3);
  }
}

export { LocalStorage } from "./local.storage.ts";
export { type S3Config, S3Storage, signV4 } from "./s3.storage.ts";
