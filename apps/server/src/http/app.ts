import fastify, { type FastifyInstance } from "fastify";
import type { AppConfig } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { registerErrorHandling } from "./errors.ts";
import { registerOriginCheck } from "./origin-check.ts";
import { authRoutes } from "./routes/auth.routes.ts";
import { configRoutes } from "./routes/config.routes.ts";
import { healthRoutes } from "./routes/health.routes.ts";
import { registerSpa } from "./spa.ts";

export interface AppDeps {
  config: Pick<AppConfig, "publicUrl" | "logLevel" | "nodeEnv">;
  database: Database;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
}

/** Builds the HTTP app: every route, hook and error shape, without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = fastify({
    logger: { level: deps.config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    trustProxy: Boolean(deps.config.publicUrl),
  });
  registerErrorHandling(app);
  registerOriginCheck(app, deps.config.publicUrl);

  await app.register(healthRoutes, { database: deps.database });
  await app.register(configRoutes);
  await app.register(authRoutes);
  if (deps.webDist) await registerSpa(app, deps.webDist);
  return app;
}
