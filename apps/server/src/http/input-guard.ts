import type { FastifyInstance } from "fastify";
import { fail } from "../lib/fail.ts";

/** The path of the first string holding a NUL character, walking objects and arrays; null when there is none. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "_" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(key, [...path, key]) ?? findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL, so a NUL anywhere in a request used to reach the database and come back as a 500
 * whose log carried the statement's parameters. Refused here for every route, before validation: 400 naming the
 * field, never its value.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (req) => {
    const field = findNul(req.params) ?? findNul(req.query) ?? findNul(req.body);
    if (field) {
      throw fail("VALIDATION_FAILED", { status: 400, fieldErrors: { [field]: ["must not contain a NUL character"] } });
    }
  });
}
