import { MAX_UPLOAD_BYTES, ZCreateSubmissionRequest, ZJoinClassRequest } from "@essay/contract";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { fail } from "../../lib/fail.ts";
import { LIMITS, type RateLimiter } from "../../modules/accounts/rate-limits.ts";
import type { ClassesService } from "../../modules/classes/classes.service.ts";
import type { SubmissionsService } from "../../modules/submissions/submissions.service.ts";
import type { PreHandler } from "../roles.ts";
import { authOf } from "../session.ts";
import { readImage, readPageOrder, sendPhoto } from "./manuscripts.routes.ts";

type WithId = { Params: { id: string } };
type WithPage = { Params: { id: string; pageId: string } };

/** Student-only: my classes, joining by code, my assignments and my submissions. Teachers get 403. */
export async function studentRoutes(
  app: FastifyInstance,
  ctx: { requireStudent: PreHandler; classes: ClassesService; submissions: SubmissionsService; limiter: RateLimiter },
): Promise<void> {
  const { classes, submissions, requireStudent, limiter } = ctx;
  const opts = { preHandler: requireStudent };
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 10, fieldSize: 1024, parts: 12 },
  });

  app.get("/api/student/classes", opts, async (req) => classes.studentClasses(authOf(req).user.id));
  app.get("/api/student/history", opts, async (req) => submissions.history(authOf(req).user.id));
  app.post("/api/student/classes/join", opts, async (req) => {
    const body = ZJoinClassRequest.safeParse(req.body ?? {});
    if (!body.success) throw fail("JOIN_CODE_INVALID", { status: 400 });
    // class codes are guessed one try at a time per student and per address; a code that works is not counted
    const rules = [LIMITS.joinStudent(authOf(req).user.id), LIMITS.joinIp(req.ip)];
    await limiter.hit(rules);
    const joined = await classes.join(authOf(req).user, body.data.code);
    await limiter.refund(rules.map((r) => r.key));
    return joined;
  });

  // a teacher's addition of my phone joins me only once I accept it
  app.get("/api/student/class-additions", opts, async (req) => classes.studentAdditions(authOf(req).user));
  app.post<WithId>("/api/student/class-additions/:id/accept", opts, async (req) =>
    classes.acceptAddition(authOf(req).user, req.params.id),
  );
  app.delete<WithId>("/api/student/class-additions/:id", opts, async (req) =>
    classes.declineAddition(authOf(req).user, req.params.id),
  );

  // reports are shown in the student's own work language
  app.get("/api/student/assignments", opts, async (req) => {
    const { user } = authOf(req);
    return submissions.studentAssignments(user.id, user.workLanguage);
  });

  app.post("/api/student/submissions", opts, async (req, reply) => {
    const body = ZCreateSubmissionRequest.safeParse(req.body ?? {});
    if (!body.success) throw fail("VALIDATION_FAILED", { status: 400 });
    return reply.code(201).send(await submissions.create(authOf(req).user, body.data.assignmentId));
  });
  app.get<WithId>("/api/student/submissions/:id", opts, async (req) => {
    const { user } = authOf(req);
    return submissions.get(user.id, req.params.id, user.workLanguage);
  });
  app.post<WithId>("/api/student/submissions/:id/upload", opts, async (req) => {
    const { user } = authOf(req);
    // Refused before the body is read: no one uploads into someone else's submission, nor after leaving the class.
    await submissions.assertCanChange(user.id, req.params.id);
    const bytes = await readImage(req);
    return submissions.upload(user.id, req.params.id, bytes, user.workLanguage);
  });
  // the first page's photo
  app.get<WithId>("/api/student/submissions/:id/image", opts, async (req, reply) =>
    sendPhoto(reply, await submissions.image(authOf(req).user.id, req.params.id)),
  );
  app.get<WithPage>("/api/student/submissions/:id/pages/:pageId/image", opts, async (req, reply) =>
    sendPhoto(reply, await submissions.pageImage(authOf(req).user.id, req.params.id, req.params.pageId)),
  );
  app.delete<WithPage>("/api/student/submissions/:id/pages/:pageId", opts, async (req) => {
    const { user } = authOf(req);
    return submissions.deletePage(user.id, req.params.id, req.params.pageId, user.workLanguage);
  });
  app.put<WithId>("/api/student/submissions/:id/pages/order", opts, async (req) => {
    const { user } = authOf(req);
    return submissions.reorderPages(user.id, req.params.id, readPageOrder(req.body), user.workLanguage);
  });
}
