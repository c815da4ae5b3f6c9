import type { THealth } from "@essay/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { APP_VERSION } from "../../lib/version.ts";

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }): Promise<void> {
  app.get("/healthz", async (req, reply) => {
    try {
      await opts.database.query("select 1");
      return { status: "ok", database: opts.database.kind, version: APP_VERSION } satisfies THealth;
    } catch (error) {
      req.log.error({ err: error }, "health check: database unreachable");
      return reply.code(503).send({ status: "degraded", database: opts.database.kind, version: APP_VERSION });
    }
  });
}
