import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../db/client.ts";
import { fail } from "../lib/fail.ts";
import { type ActiveSession, findSession, type NewSession, SESSION_COOKIE } from "../modules/accounts/sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireUser`; null on routes that do not need a session. */
    auth: ActiveSession | null;
  }
}

export interface SessionCookies {
  set(reply: FastifyReply, session: Pick<NewSession, "token" | "expiresAt">): void;
  clear(reply: FastifyReply): void;
  token(req: FastifyRequest): string | undefined;
}

/**
 * What an account without a password of its own may do: see itself, set the password, sign out. Everything else
 * answers 403 PASSWORD_CHANGE_REQUIRED until it has one, so a session opened by registration or by an SMS code
 * cannot be used before the owner has chosen a password.
 */
const ALLOWED_WITHOUT_PASSWORD = new Set([
  "GET /api/auth/me",
  "POST /api/auth/change-password",
  "POST /api/auth/logout",
]);

/** Registers cookie parsing and returns the cookie helpers and the `requireUser` preHandler. */
export async function registerSessions(
  app: FastifyInstance,
  opts: { db: Queryable; publicUrl: string | undefined },
): Promise<{ cookies: SessionCookies; requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void> }> {
  await app.register(fastifyCookie);
  app.decorateRequest("auth", null);
  const secure = opts.publicUrl?.startsWith("https:") ?? false;
  const base = { path: "/", httpOnly: true, sameSite: "lax", secure } as const;

  const cookies: SessionCookies = {
    set(reply, session) {
      reply.setCookie(SESSION_COOKIE, session.token, { ...base, expires: session.expiresAt });
    },
    clear(reply) {
      reply.clearCookie(SESSION_COOKIE, base);
    },
    token(req) {
      const value = req.cookies[SESSION_COOKIE];
      return value ? value : undefined;
    },
  };

  async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = cookies.token(req);
    const auth = token ? await findSession(opts.db, token) : null;
    if (!auth) throw fail("UNAUTHORIZED");
    if (auth.renewedUntil && token) cookies.set(reply, { token, expiresAt: auth.renewedUntil });
    if (!auth.user.passwordHash && !ALLOWED_WITHOUT_PASSWORD.has(`${req.method} ${req.routeOptions.url}`)) {
      throw fail("PASSWORD_CHANGE_REQUIRED", { status: 403 });
    }
    req.auth = auth;
  }

  return { cookies, requireUser };
}

/** The signed-in session of a route guarded by `requireUser`. */
export function authOf(req: FastifyRequest): ActiveSession {
  if (!req.auth) throw fail("UNAUTHORIZED");
  return req.auth;
}
