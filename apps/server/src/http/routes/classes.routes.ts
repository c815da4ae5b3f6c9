import type { FastifyInstance } from "fastify";
import type { AnalyticsService } from "../../modules/analytics/analytics.service.ts";
import type { ClassesService } from "../../modules/classes/classes.service.ts";
import type { PreHandler } from "../roles.ts";
import { authOf } from "../session.ts";

type WithId = { Params: { id: string } };

/** Teacher-only: classes, rosters, assignments and releasing reports. Students get 403. */
export async function classRoutes(
  app: FastifyInstance,
  ctx: { requireTeacher: PreHandler; classes: ClassesService; analytics: AnalyticsService },
): Promise<void> {
  const { classes, analytics, requireTeacher } = ctx;
  const opts = { preHandler: requireTeacher };
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).user.id;

  app.get("/api/classes", opts, async (req) => classes.listClasses(me(req)));
  app.post("/api/classes", opts, async (req, reply) =>
    reply.code(201).send(await classes.createClass(me(req), req.body as never)),
  );
  app.get<WithId>("/api/classes/:id", opts, async (req) => classes.getClass(me(req), req.params.id));
  app.post<WithId>("/api/classes/:id/students", opts, async (req) =>
    classes.addStudent(me(req), req.params.id, req.body as never),
  );
  app.delete<{ Params: { id: string; studentId: string } }>("/api/classes/:id/students/:studentId", opts, async (req) =>
    classes.removeStudent(me(req), req.params.id, req.params.studentId),
  );
  app.delete<{ Params: { id: string; additionId: string } }>(
    "/api/classes/:id/pending/:additionId",
    opts,
    async (req) => classes.removePending(me(req), req.params.id, req.params.additionId),
  );
  app.post<WithId>("/api/classes/:id/assignments", opts, async (req, reply) =>
    reply.code(201).send(await classes.createAssignment(me(req), req.params.id, req.body as never)),
  );

  app.get("/api/assignments", opts, async (req) => classes.listAssignments(me(req)));
  app.get<WithId>("/api/assignments/:id", opts, async (req) => classes.getAssignment(me(req), req.params.id));
  app.get<WithId>("/api/assignments/:id/analytics", opts, async (req) => analytics.assignment(me(req), req.params.id));

  app.post<WithId>("/api/submissions/:id/release", opts, async (req) => classes.release(me(req), req.params.id, true));
  app.delete<WithId>("/api/submissions/:id/release", opts, async (req) =>
    classes.release(me(req), req.params.id, false),
  );
}
