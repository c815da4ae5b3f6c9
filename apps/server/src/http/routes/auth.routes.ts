import {
  type TAuthResponse,
  ZChangePasswordRequest,
  ZCheckPasswordStatusRequest,
  ZCheckVerificationCodeRequest,
  ZLoginCodeRequest,
  ZLoginPasswordRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendVerificationCodeRequest,
} from "@essay/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assertPasswordFieldsPresent, type SignedIn } from "../../modules/accounts/accounts.service.ts";
import { presentUser } from "../../modules/accounts/users.repo.ts";
import { authOf } from "../session.ts";
import type { RouteContext } from "./context.ts";

export async function authRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { accounts, cookies, requireUser } = ctx;
  /** Sets the new session's cookie; a session the browser still carried is ended (no session fixation). */
  const signIn = async (req: FastifyRequest, reply: FastifyReply, result: SignedIn): Promise<TAuthResponse> => {
    await accounts.logout(cookies.token(req));
    cookies.set(reply, result.session);
    return {
      user: presentUser(result.user),
      requiresPasswordChange: result.requiresPasswordChange,
      message: result.message,
    };
  };

  app.get("/api/auth/me", { preHandler: requireUser }, async (req) => presentUser(authOf(req).user));

  app.post("/api/auth/logout", async (req, reply) => {
    await accounts.logout(cookies.token(req));
    cookies.clear(reply);
    return { success: true, message: "Logged out" };
  });

  app.post("/api/auth/check-password-status", async (req) => {
    const body = ZCheckPasswordStatusRequest.parse(req.body);
    return accounts.passwordStatus(body.phoneNumber, req.ip);
  });

  app.post("/api/auth/login-password", async (req, reply) => {
    const body = ZLoginPasswordRequest.parse(req.body);
    return signIn(req, reply, await accounts.loginWithPassword(body.phoneNumber, body.password, req.ip));
  });

  app.post("/api/auth/send-verification-code", async (req) => {
    const body = ZSendVerificationCodeRequest.parse(req.body);
    return accounts.sendSignedOutCode(body.phoneNumber, body.purpose, req.ip);
  });

  app.post("/api/auth/login-code", async (req, reply) => {
    const body = ZLoginCodeRequest.parse(req.body);
    return signIn(req, reply, await accounts.loginWithCode(body.phoneNumber, body.code));
  });

  app.post("/api/auth/reset-password", async (req, reply) => {
    // Missing fields first (spec §5 order), as on change-password.
    assertPasswordFieldsPresent(req.body, false);
    const body = ZResetPasswordRequest.parse(req.body);
    return signIn(req, reply, await accounts.resetPassword(body));
  });

  app.post("/api/auth/check-verification-code", async (req, reply) => {
    const body = ZCheckVerificationCodeRequest.parse(req.body);
    // Phone-change codes belong to a signed-in user: only that user's browser may check them.
    if (body.purpose !== "register") await requireUser(req, reply);
    await accounts.checkCode(body.phoneNumber, body.purpose, body.code, req.auth?.user.id);
    return { valid: true };
  });

  app.post("/api/auth/register", async (req, reply) => {
    const body = ZRegisterRequest.parse(req.body);
    return signIn(req, reply, await accounts.register(body));
  });

  app.post("/api/auth/change-password", { preHandler: requireUser }, async (req) => {
    // Missing or empty fields are the spec's first check (PASSWORD_INCOMPLETE), before any schema error; the current
    // password is asked for only once the account has one.
    assertPasswordFieldsPresent(req.body, Boolean(authOf(req).user.passwordHash));
    await accounts.changePassword(authOf(req), ZChangePasswordRequest.parse(req.body), req.ip);
    return { success: true, message: "Password changed" };
  });
}
