import fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { AppConfig } from "../config/env.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { createLogger } from "../lib/logger.ts";
import { AccountsService } from "../modules/accounts/accounts.service.ts";
import { startHousekeeping } from "../modules/accounts/housekeeping.ts";
import type { ScryptParams } from "../modules/accounts/passwords.ts";
import { AnalyticsService } from "../modules/analytics/analytics.service.ts";
import { ClassesService } from "../modules/classes/classes.service.ts";
import { InvitationsService } from "../modules/invitations/invitations.service.ts";
import { ManuscriptsService } from "../modules/manuscripts/manuscripts.service.ts";
import { ReportsService } from "../modules/reports/reports.service.ts";
import { SubmissionsService } from "../modules/submissions/submissions.service.ts";
import { createSmsProvider, type SmsProvider } from "../providers/sms/index.ts";
import type { FileStorage } from "../providers/storage/index.ts";
import { registerErrorHandling } from "./errors.ts";
import { registerInputGuard } from "./input-guard.ts";
import { registerOriginCheck } from "./origin-check.ts";
import { RequestLog } from "./request-log.ts";
import { requireRole } from "./roles.ts";
import { authRoutes } from "./routes/auth.routes.ts";
import { classRoutes } from "./routes/classes.routes.ts";
import { configRoutes } from "./routes/config.routes.ts";
import type { RouteContext } from "./routes/context.ts";
import { healthRoutes } from "./routes/health.routes.ts";
import { invitationRoutes } from "./routes/invitations.routes.ts";
import { manuscriptRoutes } from "./routes/manuscripts.routes.ts";
import { reportRoutes } from "./routes/reports.routes.ts";
import { studentRoutes } from "./routes/student.routes.ts";
import { textCorrectionRoutes } from "./routes/text-correction.routes.ts";
import { userRoutes } from "./routes/users.routes.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { registerSessions } from "./session.ts";
import { registerSpa } from "./spa.ts";

export interface AppDeps {
  config: Pick<AppConfig, "publicUrl" | "logLevel" | "nodeEnv"> &
    Partial<Pick<AppConfig, "sms" | "dataDir" | "trustProxyHops" | "smsPerHour" | "smsPerAddressPerHour">>;
  /** The process's logger (main.ts makes one for the terminal or for JSON); tests get a JSON one at their level. */
  logger?: FastifyBaseLogger;
  database: Database;
  /** scrypt cost of new password hashes (default: OWASP's); tests lower it to keep thousands of sign-ins quick. */
  passwordHashing?: ScryptParams;
  /** Overrides the provider chosen by `config.sms` (tests keep the demo provider to read sent codes). */
  sms?: SmsProvider;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
  /** Photo storage and the job queue (started); without them the manuscript routes are not served. */
  manuscripts?: { storage: FileStorage; queue: JobQueue };
}

/** proxy-addr's rule for a hop count: the first `hops` addresses walking back from the socket are proxies. */
function trustHops(hops: number): boolean | ((address: string, hop: number) => boolean) {
  return hops === 0 ? false : (_address, hop) => hop < hops;
}

/** Builds the HTTP app: every route, hook and error shape, without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = fastify({
    loggerInstance: deps.logger ?? createLogger({ level: deps.config.logLevel, format: "json" }),
    logController: new RequestLog(),
    // X-Forwarded-For is believed for exactly as many proxies as the operator says stand in front (TRUST_PROXY_HOPS):
    // the client's own address decides the rate limits, and a client cannot choose it by sending the header
    trustProxy: trustHops(deps.config.trustProxyHops ?? 0),
  });
  registerErrorHandling(app);
  registerOriginCheck(app, deps.config.publicUrl);
  registerSecurityHeaders(app, deps.config.publicUrl);
  registerInputGuard(app);

  await app.register(healthRoutes, { database: deps.database });
  await app.register(configRoutes);
  const db: Queryable = deps.database.db;
  const sms = deps.sms ?? createSmsProvider(deps.config.sms ?? { provider: "demo" }, deps.config.dataDir);
  const invitations = new InvitationsService(db);
  const accounts = new AccountsService(db, sms, invitations, {
    log: app.log,
    hashing: deps.passwordHashing,
    smsPerHour: deps.config.smsPerHour,
    smsPerAddressPerHour: deps.config.smsPerAddressPerHour,
  });
  const stopHousekeeping = startHousekeeping(db, app.log);
  app.addHook("onClose", async () => stopHousekeeping());
  const { cookies, requireUser } = await registerSessions(app, { db, publicUrl: deps.config.publicUrl });
  const ctx: RouteContext = { accounts, invitations, cookies, requireUser };
  await app.register(authRoutes, ctx);
  await app.register(userRoutes, ctx);
  // Grading is the teacher's work: students get 403 on the manuscripts, correction and class-management APIs.
  const requireTeacher = requireRole(requireUser, "teacher");
  const requireStudent = requireRole(requireUser, "student");
  // Inviting people is a teacher's act in a school (decision in docs/classes.md); validation stays open.
  await app.register(invitationRoutes, { ...ctx, requireUser: requireTeacher });
  await app.register(textCorrectionRoutes, { ...ctx, requireUser: requireTeacher });
  const classes = new ClassesService(db);
  await app.register(classRoutes, { requireTeacher, classes, analytics: new AnalyticsService(db, classes) });
  await app.register(reportRoutes, { requireTeacher, reports: new ReportsService(db) });
  if (deps.manuscripts) {
    const manuscripts = new ManuscriptsService(db, deps.manuscripts.storage, deps.manuscripts.queue, app.log);
    await app.register(manuscriptRoutes, { requireUser: requireTeacher, manuscripts });
    const submissions = new SubmissionsService(db, manuscripts);
    await app.register(studentRoutes, { requireStudent, classes, submissions, limiter: accounts.limiter });
  }
  if (deps.webDist) await registerSpa(app, deps.webDist);
  return app;
}
