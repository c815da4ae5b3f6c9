import { ZCreateInvitationRequest, ZValidateInvitationRequest } from "@essay/contract";
import type { FastifyInstance } from "fastify";
import { LIMITS } from "../../modules/accounts/rate-limits.ts";
import { authOf } from "../session.ts";
import type { RouteContext } from "./context.ts";

export async function invitationRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { invitations, requireUser } = ctx;

  app.get("/api/invitations", { preHandler: requireUser }, async (req) => invitations.listOwn(authOf(req).user.id));

  app.post("/api/invitations", { preHandler: requireUser }, async (req, reply) => {
    const body = ZCreateInvitationRequest.parse(req.body);
    const created = await invitations.create(body.invitedPhone, authOf(req).user.id, body.role);
    return reply.code(201).send(created);
  });

  app.delete<{ Params: { id: string } }>("/api/invitations/:id", { preHandler: requireUser }, async (req) => {
    await invitations.deactivateOwn(req.params.id, authOf(req).user.id);
    return { success: true, message: "Invitation deactivated" };
  });

  // Open to signed-out visitors: the registration wizard validates before the phone is verified.
  app.post("/api/invitations/validate", async (req) => {
    const body = ZValidateInvitationRequest.parse(req.body);
    // codes guessed from one address are counted before they are looked up
    await ctx.accounts.limiter.hit([LIMITS.invitationCheckIp(req.ip)]);
    const invitation = await invitations.validate(body.code, body.phoneNumber);
    // the wizard shows what the account will be (the inviter chose it)
    return { valid: true, message: "Invitation code is valid", role: invitation.role };
  });
}
