import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { AppError } from "../lib/app-error.ts";

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
