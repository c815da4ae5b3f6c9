import { ZPatchUserRequest, ZUpdateProfileRequest, ZVerifyPhoneRequest } from "@essay/contract";
import type { FastifyInstance } from "fastify";
import { presentUser } from "../../modules/accounts/users.repo.ts";
import { authOf } from "../session.ts";
import type { RouteContext } from "./context.ts";

/** Personal centre: profile, work language, phone-change codes. All signed-in. */
export async function userRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { accounts, requireUser } = ctx;

  app.put("/api/user/profile", { preHandler: requireUser }, async (req) => {
    const body = ZUpdateProfileRequest.parse(req.body);
    return presentUser(await accounts.updateProfile(authOf(req).user, body));
  });

  app.patch<{ Params: { id: string } }>("/api/users/:id", { preHandler: requireUser }, async (req) => {
    const body = ZPatchUserRequest.parse(req.body);
    return presentUser(await accounts.setWorkLanguage(authOf(req).user, req.params.id, body.workLanguage));
  });

  app.post("/api/auth/verify-old-phone", { preHandler: requireUser }, async (req) => {
    const body = ZVerifyPhoneRequest.parse(req.body);
    return accounts.sendChangeOldCode(authOf(req).user, body.phoneNumber, req.ip);
  });

  app.post("/api/auth/verify-new-phone", { preHandler: requireUser }, async (req) => {
    const body = ZVerifyPhoneRequest.parse(req.body);
    return accounts.sendChangeNewCode(authOf(req).user, body.phoneNumber, req.ip);
  });
}
