import {
  MAX_UPLOAD_BYTES,
  ZConfirmTextRequest,
  ZCreateManuscriptRequest,
  ZManuscriptListQuery,
  ZPageOrderRequest,
  ZTeacherScoreRequest,
  ZUpdateManuscriptRequest,
} from "@essay/contract";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { fail } from "../../lib/fail.ts";
import type { ManuscriptsService } from "../../modules/manuscripts/manuscripts.service.ts";
import { authOf } from "../session.ts";
import type { RouteContext } from "./context.ts";

const STUDENT_FIELDS = new Set(["studentName", "studentClass", "studentId"]);

type WithId = { Params: { id: string } };
type WithPage = { Params: { id: string; pageId: string } };

/** A stored page photo: always our own re-encoded JPEG. */
export function sendPhoto(reply: FastifyReply, bytes: Buffer) {
  return reply
    .type("image/jpeg")
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(bytes);
}

/** Reading order sent by a client; a malformed body is a validation error. */
export function readPageOrder(body: unknown): string[] {
  const parsed = ZPageOrderRequest.safeParse(body ?? {});
  if (!parsed.success) throw fail("VALIDATION_FAILED", { status: 400 });
  return parsed.data.pageIds;
}

/**
 * The one `image` file of an upload. Every part is read to the end before answering, so a refused request is
 * answered with its error rather than a connection reset (a client still sending while the server closes gets
 * ECONNRESET): a second file is 400 UPLOAD_FAILED (one page per call), other fields are skipped.
 */
export async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw fail("UPLOAD_NO_FILE", { status: 400 });
  let image: Buffer | null = null;
  let refusal: AppError | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "image" || image || refusal) {
        part.file.resume();
        if (part.fieldname === "image") refusal ??= fail("UPLOAD_FAILED", { status: 400 });
        continue;
      }
      const bytes = await part.toBuffer();
      // toBuffer throws for an oversized file only when busboy marks it truncated before the last chunk is
      // consumed; a file cut at the limit can otherwise come back as a shorter, still decodable image
      if (part.file.truncated || bytes.length >= MAX_UPLOAD_BYTES + 1) {
        refusal = fail("UPLOAD_TOO_LARGE", { status: 413 });
        continue;
      }
      image = bytes;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    await drain(req);
    if (error instanceof AppError) throw error;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw fail("UPLOAD_TOO_LARGE", { status: 413 });
    throw fail("UPLOAD_FAILED", { status: 400 });
  }
  if (refusal) throw refusal;
  if (!image) throw fail("UPLOAD_NO_FILE", { status: 400 });
  return image;
}

/** Reads what is left of a refused request's body (bounded by the parser's limits), so the answer reaches the client. */
async function drain(req: FastifyRequest): Promise<void> {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  await new Promise<void>((resolve) => {
    raw.on("end", resolve).on("close", resolve).on("error", resolve);
    raw.resume();
  });
}

export async function manuscriptRoutes(
  app: FastifyInstance,
  ctx: Pick<RouteContext, "requireUser"> & { manuscripts: ManuscriptsService },
): Promise<void> {
  const { manuscripts, requireUser } = ctx;
  // The spec's POST …/ocr and …/grade send an empty body; accept it even when labelled JSON (this plugin only).
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (body === "") done(null, {});
    else json(req, body as string, done);
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 10, fieldSize: 1024, parts: 12 },
  });

  app.post("/api/manuscripts", { preHandler: requireUser }, async (req, reply) => {
    const parsed = ZCreateManuscriptRequest.safeParse(req.body ?? {});
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".") || "_";
        fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
      }
      const incomplete = parsed.error.issues.some((i) => STUDENT_FIELDS.has(String(i.path[0])));
      throw incomplete
        ? fail("STUDENT_INFO_INCOMPLETE", { status: 400, fieldErrors })
        : fail("VALIDATION_FAILED", { status: 400, fieldErrors });
    }
    const created = await manuscripts.create(authOf(req).user, parsed.data);
    return reply.code(201).send(created);
  });

  app.get("/api/manuscripts", { preHandler: requireUser }, async (req) => {
    const q = ZManuscriptListQuery.parse(req.query);
    return manuscripts.list(authOf(req).user.id, q.page, q.pageSize);
  });

  app.get<WithId>("/api/manuscripts/:id", { preHandler: requireUser }, async (req) =>
    manuscripts.get(authOf(req).user.id, req.params.id),
  );

  app.get<WithId>("/api/manuscripts/:id/readings", { preHandler: requireUser }, async (req) =>
    manuscripts.readings(authOf(req).user.id, req.params.id),
  );

  app.delete<WithId>("/api/manuscripts/:id", { preHandler: requireUser }, async (req, reply) => {
    await manuscripts.delete(authOf(req).user.id, req.params.id);
    return reply.code(204).send();
  });

  // the first page's photo (the spec's single image)
  app.get<WithId>("/api/manuscripts/:id/image", { preHandler: requireUser }, async (req, reply) =>
    sendPhoto(reply, await manuscripts.image(authOf(req).user.id, req.params.id)),
  );

  app.get<WithPage>("/api/manuscripts/:id/pages/:pageId/image", { preHandler: requireUser }, async (req, reply) =>
    sendPhoto(reply, await manuscripts.pageImage(authOf(req).user.id, req.params.id, req.params.pageId)),
  );

  app.delete<WithPage>("/api/manuscripts/:id/pages/:pageId", { preHandler: requireUser }, async (req) =>
    manuscripts.deletePage(authOf(req).user.id, req.params.id, req.params.pageId),
  );

  app.put<WithId>("/api/manuscripts/:id/pages/order", { preHandler: requireUser }, async (req) =>
    manuscripts.reorderPages(authOf(req).user.id, req.params.id, readPageOrder(req.body)),
  );

  // adds one page (the spec's single-photo upload is a one-page essay)
  app.post<WithId>("/api/manuscripts/:id/upload", { preHandler: requireUser }, async (req) => {
    const userId = authOf(req).user.id;
    // 404 before reading the body: no one uploads into someone else's record.
    await manuscripts.get(userId, req.params.id);
    const bytes = await readImage(req);
    return manuscripts.upload(userId, req.params.id, bytes);
  });

  app.post<WithId>("/api/manuscripts/:id/ocr", { preHandler: requireUser }, async (req) =>
    manuscripts.rerunOcr(authOf(req).user.id, req.params.id),
  );

  app.post<WithId>("/api/manuscripts/:id/confirm-text", { preHandler: requireUser }, async (req) => {
    const raw = (req.body ?? {}) as { confirmedText?: unknown };
    if (typeof raw.confirmedText === "string" && raw.confirmedText.trim() === "") {
      throw fail("TEXT_EMPTY", { status: 400 });
    }
    const body = ZConfirmTextRequest.parse(raw);
    return manuscripts.confirm(authOf(req).user.id, req.params.id, body);
  });

  app.post<WithId>("/api/manuscripts/:id/grade", { preHandler: requireUser }, async (req) =>
    manuscripts.rerunGrading(authOf(req).user.id, req.params.id),
  );

  app.patch<WithId>("/api/manuscripts/:id", { preHandler: requireUser }, async (req) => {
    const body = ZUpdateManuscriptRequest.parse(req.body ?? {});
    return manuscripts.update(authOf(req).user.id, req.params.id, body);
  });

  app.put<WithId>("/api/manuscripts/:id/teacher-score", { preHandler: requireUser }, async (req) => {
    const body = ZTeacherScoreRequest.parse(req.body ?? {});
    return manuscripts.setTeacherScore(authOf(req).user.id, req.params.id, body);
  });
}
