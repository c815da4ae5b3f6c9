import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function expectedOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

/**
 * Cookies are SameSite=Lax, which still lets a top-level cross-site form POST through on some browsers;
 * refusing mutations whose Origin is another site closes that door. Requests without Origin (curl, the CLI) pass:
 * they carry no ambient browser cookies. `Origin: null` is what a sandboxed frame, a data: page or a redirected form
 * sends — a browser carrying the user's cookies from an unknown page — so it is refused like another site's.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook("onRequest", async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (!origin) return;
    if (origin !== expectedOrigin(req, publicUrl)) {
      throw new AppError("ORIGIN_REJECTED", "Cross-site request refused");
    }
  });
}
