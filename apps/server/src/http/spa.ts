import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a release reaches
 * teachers on their next visit. Unknown non-API GETs get index.html and the client router draws its 404 card.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, "index.html");
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, "web app not built: run `npm run build` (npm start does it for you)");
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
      }
    },
  });
  const html = fs.readFileSync(indexFile);
  app.get("/*", async (req, reply) => {
    const pathname = req.url.split("?")[0] ?? "/";
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      return reply.code(404).send({ code: "NOT_FOUND", message: `No route for ${req.method} ${pathname}` });
    }
    const candidate = path.join(webDist, path.normalize(pathname));
    if (
      candidate.startsWith(webDist) &&
      pathname !== "/" &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    ) {
      return reply.sendFile(path.relative(webDist, candidate));
    }
    reply.header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(html);
  });
}
