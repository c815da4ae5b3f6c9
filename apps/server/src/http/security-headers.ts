import type { FastifyInstance } from "fastify";

/**
 * What the built web app needs and nothing more: its own scripts and styles (Radix and the scroll lock add style
 * elements at run time, hence 'unsafe-inline' for styles only), page photos from the API, data: and blob: images
 * (upload previews, the PNG export's inlined report) and fonts inlined by the export. No frames, no plugins, no
 * form posts elsewhere.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "geolocation=(), microphone=(), payment=(), usb=()",
};

/**
 * Helmet's headers on every answer, and `Cache-Control: no-store` on every API answer unless the route chose
 * otherwise: API bodies are a teacher's or a student's data (names, essays, scores), which a shared school computer's
 * browser cache or a proxy must not keep. Strict-Transport-Security only when the public address is https (over
 * plain http on a school network it would lock browsers out).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string | undefined): void {
  const hsts = publicUrl?.startsWith("https:") ? "max-age=15552000" : null;
  app.addHook("onSend", async (req, reply, payload) => {
    reply.headers(HEADERS);
    if (hsts) reply.header("strict-transport-security", hsts);
    if (req.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
