import { ZTextCorrectionRequest } from "@essay/contract";
import type { FastifyInstance } from "fastify";
import { textCorrections } from "../../modules/correction/correction.service.ts";
import { authOf } from "../session.ts";
import type { RouteContext } from "./context.ts";

export async function textCorrectionRoutes(app: FastifyInstance, ctx: Pick<RouteContext, "requireUser">) {
  app.post("/api/text-correction", { preHandler: ctx.requireUser }, async (req) => {
    const body = ZTextCorrectionRequest.parse(req.body);
    return textCorrections(body.text, {
      language: body.language,
      readings: body.readings,
      feedbackLanguage: authOf(req).user.workLanguage,
      log: req.log,
    });
  });
}
