import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 64;
/**
 * OWASP's current scrypt recommendation (Password Storage Cheat Sheet): N=2^17, r=8, p=1 — 128 MiB and about
 * 0.3 s per hash on this hardware. Hashes with older parameters are upgraded at the next successful sign-in.
 */
export const SCRYPT_PARAMS: ScryptParams = { N: 131072, r: 8, p: 1 };
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, options: ScryptParams): Promise<Buffer> {
  // 128·N·r bytes are needed; twice that leaves headroom
  const maxmem = 2 * 128 * options.N * options.r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$key`, salt and key base64url: parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt, key };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, "base64url");
  const actual = await derive(password, Buffer.from(parsed.salt, "base64url"), parsed);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when the hash was made with weaker parameters than today's: rehash it once the password is known. */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return parsed.N < params.N || parsed.r < params.r || parsed.p < params.p;
}

/** A real hash of a throwaway password, compared against for unknown phones so timing does not reveal them. */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(12).toString("base64url"), params);
    dummyHashes.set(key, hash);
  }
  return hash;
}
