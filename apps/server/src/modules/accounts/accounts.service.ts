import {
  isStrongPassword,
  normalizeWorkLanguage,
  type TSendVerificationCodeResponse,
  type TVerificationPurpose,
  type ZRegisterRequest,
  type ZUpdateProfileRequest,
} from "@essay/contract";
import type { z } from "zod";
import type { Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fail } from "../../lib/fail.ts";
import type { SmsProvider } from "../../providers/sms/index.ts";
import { takeInvitationUse } from "../invitations/invitations.repo.ts";
import type { InvitationsService } from "../invitations/invitations.service.ts";
import { defaultPasswordFor, dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { LIMITS, RateLimiter } from "./rate-limits.ts";
import { type ActiveSession, createSession, deleteOtherSessions, deleteSession, type NewSession } from "./sessions.ts";
import { findUserByPhone, insertUser, type UserRow, updateUser } from "./users.repo.ts";
import { sendCode } from "./verification.service.ts";
import { checkCode, consumeCode } from "./verification-codes.ts";

export interface SignedIn {
  user: UserRow;
  session: NewSession;
  requiresPasswordChange: boolean;
  message: string;
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword?: string | undefined;
}

/** Spec §5 check (1): every field present and non-empty (confirmPassword only when sent). */
export function assertPasswordFieldsPresent(body: unknown): void {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const filled = (v: unknown) => typeof v === "string" && v.length > 0;
  if (!filled(b.currentPassword) || !filled(b.newPassword) || ("confirmPassword" in b && !filled(b.confirmPassword))) {
    throw fail("PASSWORD_INCOMPLETE");
  }
}

type Log = { error(obj: unknown, msg: string): void };

export class AccountsService {
  readonly limiter: RateLimiter;
  constructor(
    private readonly db: Queryable,
    private readonly sms: SmsProvider,
    private readonly invitations: InvitationsService,
    private readonly log?: Log,
  ) {
    this.limiter = new RateLimiter(db);
  }

  async passwordStatus(phoneNumber: string): Promise<{ hasCustomPassword: boolean }> {
    const user = await findUserByPhone(this.db, phoneNumber);
    if (!user) throw fail("USER_NOT_FOUND");
    return { hasCustomPassword: user.hasCustomPassword };
  }

  /** Failed attempts count per phone and per client IP; over the limit even a right password waits. */
  async loginWithPassword(phoneNumber: string, password: string, ip: string): Promise<SignedIn> {
    const rules = [LIMITS.signInPhone(phoneNumber), LIMITS.signInIp(ip)];
    await this.limiter.assertAllowed(rules);
    const user = await findUserByPhone(this.db, phoneNumber);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok) {
      await this.limiter.record(rules.map((r) => r.key));
      throw fail("INVALID_CREDENTIALS");
    }
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const updated = await updateUser(tx, user.id, { lastLoginAt: now });
      const session = await createSession(tx, user.id, now);
      return signedIn(updated, session, "Login successful");
    });
  }

  async sendRegisterCode(phoneNumber: string): Promise<TSendVerificationCodeResponse> {
    if (await findUserByPhone(this.db, phoneNumber)) throw fail("PHONE_TAKEN");
    return sendCode(this.codeDeps(), { phoneNumber, purpose: "register" });
  }

  async checkCode(phoneNumber: string, purpose: TVerificationPurpose, code: string, userId?: string): Promise<void> {
    await checkCode(this.db, { phoneNumber, purpose, userId }, code);
  }

  /**
   * Pre-checks give precise errors without side effects; then one transaction counts the invitation use
   * (conditional UPDATE), uses the code up, creates the user and the session. Any failure rolls all back.
   */
  async register(input: z.output<typeof ZRegisterRequest>): Promise<SignedIn> {
    const phone = input.phoneNumber;
    const invitation = await this.invitations.validate(input.invitationCode, phone);
    const codeId = await checkCode(this.db, { phoneNumber: phone, purpose: "register" }, input.verificationCode);
    if (await findUserByPhone(this.db, phone)) throw fail("PHONE_TAKEN");
    const passwordHash = await hashPassword(defaultPasswordFor(phone));
    const now = new Date();
    try {
      return await this.db.transaction(async (tx) => {
        if (!(await takeInvitationUse(tx, invitation.id, now))) {
          await this.invitations.validate(input.invitationCode, phone, tx, now);
          throw fail("INVITATION_USED_UP");
        }
        if (!(await consumeCode(tx, codeId, now))) throw fail("VERIFICATION_CODE_INVALID");
        const user = await insertUser(tx, {
          phoneNumber: phone,
          name: input.name,
          school: input.school ? input.school : null,
          role: input.role,
          country: input.country.toUpperCase(),
          workLanguage: normalizeWorkLanguage(input.workLanguage),
          passwordHash,
          hasCustomPassword: false,
          isVerified: true,
          createdAt: now,
          lastLoginAt: now,
        });
        const session = await createSession(tx, user.id, now);
        return signedIn(user, session, "Registration successful");
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail("PHONE_TAKEN");
      throw error;
    }
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await deleteSession(this.db, token);
  }

  /** Spec §5 order: all fields, confirmation matches, strength; then the current password (rate limited). */
  async changePassword(auth: ActiveSession, input: ChangePasswordInput): Promise<void> {
    const { currentPassword: current, newPassword: next } = input;
    if (!current || !next || input.confirmPassword === "") throw fail("PASSWORD_INCOMPLETE");
    if (input.confirmPassword !== undefined && input.confirmPassword !== next) throw fail("PASSWORD_MISMATCH");
    if (!isStrongPassword(next)) throw fail("PASSWORD_WEAK");
    const rule = LIMITS.signInPhone(auth.user.phoneNumber);
    await this.limiter.assertAllowed([rule]);
    if (!(await verifyPassword(current, auth.user.passwordHash))) {
      await this.limiter.record([rule.key]);
      throw fail("CURRENT_PASSWORD_WRONG");
    }
    const passwordHash = await hashPassword(next);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, auth.user.id, { passwordHash, hasCustomPassword: true });
      await deleteOtherSessions(tx, auth.user.id, auth.tokenHash);
    });
  }

  async sendChangeOldCode(user: UserRow, phoneNumber: string): Promise<TSendVerificationCodeResponse> {
    if (phoneNumber !== user.phoneNumber) throw fail("PHONE_MISMATCH");
    return sendCode(this.codeDeps(), { phoneNumber, purpose: "change_old", userId: user.id });
  }

  async sendChangeNewCode(user: UserRow, phoneNumber: string): Promise<TSendVerificationCodeResponse> {
    if (phoneNumber === user.phoneNumber) throw fail("PHONE_UNCHANGED");
    if (await findUserByPhone(this.db, phoneNumber)) throw fail("PHONE_TAKEN");
    return sendCode(this.codeDeps(), { phoneNumber, purpose: "change_new", userId: user.id });
  }

  /** A changed phone needs both codes: change_old sent to the saved phone, change_new sent to the new one. */
  async updateProfile(user: UserRow, input: z.output<typeof ZUpdateProfileRequest>): Promise<UserRow> {
    const phone = input.phoneNumber;
    const changing = phone !== user.phoneNumber;
    const codeIds: string[] = [];
    if (changing) {
      if (await findUserByPhone(this.db, phone)) throw fail("PHONE_TAKEN");
      if (!input.oldPhoneCode || !input.newPhoneCode) throw fail("VERIFICATION_CODE_INVALID");
      const old = { phoneNumber: user.phoneNumber, purpose: "change_old", userId: user.id } as const;
      codeIds.push(await checkCode(this.db, old, input.oldPhoneCode));
      codeIds.push(
        await checkCode(this.db, { phoneNumber: phone, purpose: "change_new", userId: user.id }, input.newPhoneCode),
      );
    }
    try {
      return await this.db.transaction(async (tx) => {
        for (const id of codeIds) if (!(await consumeCode(tx, id))) throw fail("VERIFICATION_CODE_INVALID");
        return updateUser(tx, user.id, {
          name: input.name,
          country: input.country.toUpperCase(),
          workLanguage: normalizeWorkLanguage(input.workLanguage),
          ...(changing ? { phoneNumber: phone, isVerified: true } : {}),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail("PHONE_TAKEN");
      throw error;
    }
  }

  async setWorkLanguage(user: UserRow, targetId: string, workLanguage: string): Promise<UserRow> {
    if (targetId !== user.id) throw fail("FORBIDDEN");
    return updateUser(this.db, user.id, { workLanguage: normalizeWorkLanguage(workLanguage) });
  }

  private codeDeps() {
    return { db: this.db, sms: this.sms, limiter: this.limiter, log: this.log };
  }
}

function signedIn(user: UserRow, session: NewSession, message: string): SignedIn {
  const requiresPasswordChange = !user.hasCustomPassword;
  return {
    user,
    session,
    requiresPasswordChange,
    message: requiresPasswordChange ? `${message}. Please change your default password` : message,
  };
}
