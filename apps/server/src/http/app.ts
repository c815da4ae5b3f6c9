import fastify, { type FastifyInstance } from "fastify";
import type { AppConfig } from "../config/env.ts";
import type { Database, Queryable } from "../db/client.ts";
import { AccountsService } from "../modules/accounts/accounts.service.ts";
import { startHousekeeping } from "../modules/accounts/housekeeping.ts";
import { InvitationsService } from "../modules/invitations/invitations.service.ts";
import { createSmsProvider, type SmsProvider } from "../providers/sms/index.ts";
import { registerErrorHandling } from "./errors.ts";
import { registerOriginCheck } from "./origin-check.ts";
import { authRoutes } from "./routes/auth.routes.ts";
import { configRoutes } from "./routes/config.routes.ts";
import type { RouteContext } from "./routes/context.ts";
import { healthRoutes } from "./routes/health.routes.ts";
import { invitationRoutes } from "./routes/invitations.routes.ts";
import { userRoutes } from "./routes/users.routes.ts";
import { registerSessions } from "./session.ts";
import { registerSpa } from "./spa.ts";

export interface AppDeps {
  config: Pick<AppConfig, "publicUrl" | "logLevel" | "nodeEnv"> & Partial<Pick<AppConfig, "sms">>;
  database: Database;
  /** Overrides the provider chosen by `config.sms` (tests keep the demo provider to read sent codes). */
  sms?: SmsProvider;
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
  const db: Queryable = deps.database.db;
  const sms = deps.sms ?? createSmsProvider(deps.config.sms ?? { provider: "demo" });
  const invitations = new InvitationsService(db);
  const accounts = new AccountsService(db, sms, invitations, app.log);
  const stopHousekeeping = startHousekeeping(db, app.log);
  app.addHook("onClose", async () => stopHousekeeping());
  const { cookies, requireUser } = await registerSessions(app, { db, publicUrl: deps.config.publicUrl });
  const ctx: RouteContext = { accounts, invitations, cookies, requireUser };
  await app.register(authRoutes, ctx);
  await app.register(userRoutes, ctx);
  await app.register(invitationRoutes, ctx);
  if (deps.webDist) await registerSpa(app, deps.webDist);
  return app;
}
