import { ERROR_MESSAGES } from "@essay/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { AppError } from "../lib/app-error.ts";
import { unavailableKind } from "../lib/unavailable.ts";

/** Every failure leaves as `{code, message, fieldErrors?}`; unknown errors become 500 without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.status)
        .send({ code: error.code, message: error.message, fieldErrors: error.fieldErrors });
    }
    if (error instanceof ZodError) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.issues) {
        const key = issue.path.join(".") || "_";
        fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
      }
      return reply.code(400).send({ code: "VALIDATION_FAILED", message: "Invalid request", fieldErrors });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    const unavailable = status >= 500 ? unavailableKind(error) : null;
    if (unavailable) {
      // the kind and the driver's code only: a database error's message can quote the statement's parameters
      req.log.error({ code: unavailable, cause: causeCode(error) }, "request failed: service unavailable");
      return reply
        .code(503)
        .header("retry-after", "30")
        .send({ code: unavailable, message: ERROR_MESSAGES[unavailable] });
    }
    if (status >= 500) {
      req.log.error({ err: error }, "request failed");
      return reply.code(500).send({ code: "INTERNAL", message: "Internal server error" });
    }
    return reply.code(status).send({ code: error.code ?? "BAD_REQUEST", message: error.message });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ code: "NOT_FOUND", message: `No route for ${req.method} ${req.url.split("?")[0]}` });
  });
}

/** The innermost error code of a cause chain (an errno or an SQLSTATE), for the log. */
function causeCode(error: unknown): string | undefined {
  let code: string | undefined;
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const own = (current as { code?: unknown }).code;
    if (typeof own === "string") code = own;
    current = (current as { cause?: unknown }).cause;
  }
  return code;
}
