import type { FastifyReply, FastifyRequest } from "fastify";
import { fail } from "../lib/fail.ts";

export type PreHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** `requireUser`, then 403 FORBIDDEN unless the signed-in account has `role`. */
export function requireRole(requireUser: PreHandler, role: "teacher" | "student"): PreHandler {
  return async (req, reply) => {
    await requireUser(req, reply);
    if (req.auth?.user.role !== role) throw fail("FORBIDDEN", { status: 403 });
  };
}
