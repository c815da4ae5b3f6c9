import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccountsService } from "../../modules/accounts/accounts.service.ts";
import type { InvitationsService } from "../../modules/invitations/invitations.service.ts";
import type { SessionCookies } from "../session.ts";

/** What route plugins get from `buildApp`. */
export interface RouteContext {
  accounts: AccountsService;
  invitations: InvitationsService;
  cookies: SessionCookies;
  requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
}
