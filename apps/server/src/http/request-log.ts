import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One line per request, once answered: method, path without its query string, status and time — never headers or
 * bodies. Replaces Fastify's two lines (incoming, completed).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const path = req.url.split("?")[0] ?? "/";
    const ms = Math.round(reply.elapsedTime);
    const line = `${req.method} ${path} ${reply.statusCode} ${ms} ms`;
    const fields = { statusCode: reply.statusCode, ms };
    if (error || reply.statusCode >= 500) reply.log.error(fields, line);
    else reply.log.info(fields, line);
  }
}
