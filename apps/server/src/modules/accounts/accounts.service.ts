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
import { hasLiveInvitation, takeInvitationUse } from "../invitations/invitations.repo.ts";
import type { InvitationsService } from "../invitations/invitations.service.ts";
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  SCRYPT_PARAMS,
  type ScryptParams,
  verifyPassword,
} from "./passwords.ts";
import { DEFAULT_SMS_PER_ADDRESS_PER_HOUR, DEFAULT_SMS_PER_HOUR, LIMITS, RateLimiter } from "./rate-limits.ts";
import {
  type ActiveSession,
  createSession,
  deleteOtherSessions,
  deleteSession,
  deleteUserSessions,
  type NewSession,
} from "./sessions.ts";
import { findUserByPhone, insertUser, setFirstPassword, type UserRow, updateUser } from "./users.repo.ts";
import { sendCode } from "./verification.service.ts";
import { checkCode, consumeCode } from "./verification-codes.ts";

export interface SignedIn {
  user: UserRow;
  session: NewSession;
  requiresPasswordChange: boolean;
  message: string;
}

export interface ChangePasswordInput {
  currentPassword?: string | undefined;
  newPassword: string;
  confirmPassword?: string | undefined;
}

/**
 * Spec §5 check (1): every field present and non-empty (confirmPassword only when sent). `currentPassword` only once
 * the account has a password: the first one is set without (there is nothing to confirm).
 */
export function assertPasswordFieldsPresent(body: unknown, needsCurrent = true): void {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const filled = (v: unknown) => typeof v === "string" && v.length > 0;
  if (
    (needsCurrent && !filled(b.currentPassword)) ||
    !filled(b.newPassword) ||
    ("confirmPassword" in b && !filled(b.confirmPassword))
  ) {
    throw fail("PASSWORD_INCOMPLETE");
  }
}

/** Spec §5 checks (2) and (3) on a new password: the confirmation matches, then the strength rule. */
function assertNewPassword(newPassword: string, confirmPassword: string | undefined): void {
  if (!newPassword || confirmPassword === "") throw fail("PASSWORD_INCOMPLETE");
  if (confirmPassword !== undefined && confirmPassword !== newPassword) throw fail("PASSWORD_MISMATCH");
  if (!isStrongPassword(newPassword)) throw fail("PASSWORD_WEAK");
}

type Log = { error(obj: unknown, msg: string): void };

export interface AccountsOptions {
  log?: Log;
  /** scrypt cost of new hashes; tests lower it, production keeps OWASP's. */
  hashing?: ScryptParams | undefined;
  /** SMS the whole instance may send in an hour (SMS_MAX_PER_HOUR). */
  smsPerHour?: number | undefined;
  /** SMS one address may ask for in an hour (SMS_MAX_PER_ADDRESS_PER_HOUR). */
  smsPerAddressPerHour?: number | undefined;
}

export class AccountsService {
  readonly limiter: RateLimiter;
  private readonly log: Log | undefined;
  private readonly hashing: ScryptParams;
  private readonly smsPerHour: number;
  private readonly smsPerAddressPerHour: number;
  constructor(
    private readonly db: Queryable,
    private readonly sms: SmsProvider,
    private readonly invitations: InvitationsService,
    options: AccountsOptions = {},
  ) {
    this.limiter = new RateLimiter(db);
    this.log = options.log;
    this.hashing = options.hashing ?? SCRYPT_PARAMS;
    this.smsPerHour = options.smsPerHour ?? DEFAULT_SMS_PER_HOUR;
    this.smsPerAddressPerHour = options.smsPerAddressPerHour ?? DEFAULT_SMS_PER_ADDRESS_PER_HOUR;
  }

  /**
   * The sign-in screen's phone check. It tells a stranger nothing usable: whether a phone has an account, and
   * whether that account has set its password, both read the same (`hasCustomPassword: true` — no account has a
   * password anyone could derive, since there is no default any more). Only a phone with a live invitation and no
   * account is told USER_NOT_FOUND, which sends the invitee to registration (they hold the invitation code).
   */
  async passwordStatus(phoneNumber: string, ip: string): Promise<{ hasCustomPassword: boolean }> {
    await this.limiter.hit([LIMITS.phoneCheckIp(ip)]);
    const user = await findUserByPhone(this.db, phoneNumber);
    if (!user && (await hasLiveInvitation(this.db, phoneNumber))) throw fail("USER_NOT_FOUND");
    return { hasCustomPassword: true };
  }

  /**
   * Every attempt is counted before the password is checked (per phone and address, per phone, per address: see
   * LIMITS); past the free attempts each try waits longer. The right password forgets the phone-and-address count and
   * takes its attempt back from the others. An account without a password of its own has nothing to match: its
   * phone's digits sign nobody in.
   */
  async loginWithPassword(phoneNumber: string, password: string, ip: string): Promise<SignedIn> {
    const pair = LIMITS.signInPhoneIp(phoneNumber, ip);
    const others = [LIMITS.signInPhone(phoneNumber), LIMITS.signInIp(ip)];
    await this.limiter.hit([pair, ...others]);
    const user = await findUserByPhone(this.db, phoneNumber);
    const stored = user?.passwordHash ?? null;
    const ok = await verifyPassword(password, stored ?? (await dummyPasswordHash(this.hashing)));
    if (!user || !stored || !ok) throw fail("INVALID_CREDENTIALS");
    await this.limiter.reset([pair.key]);
    await this.limiter.refund(others.map((r) => r.key));
    // an older, cheaper hash is replaced now that the password is known
    const rehashed = needsRehash(stored, this.hashing) ? await hashPassword(password, this.hashing) : null;
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const updated = await updateUser(tx, user.id, {
        lastLoginAt: now,
        ...(rehashed ? { passwordHash: rehashed } : {}),
      });
      const session = await createSession(tx, user.id, now);
      return signedIn(updated, session, "Login successful");
    });
  }

  /**
   * A code for a signed-out visitor. Registration: only to a phone with a live invitation and no account. Sign-in and
   * reset: the answer is the same whether the phone has an account or not (the code is issued and sent only when it
   * has), and the SMS leaves after the answer, so neither the reply nor its timing tells accounts apart.
   */
  async sendSignedOutCode(
    phoneNumber: string,
    purpose: "register" | "login" | "reset",
    ip: string,
  ): Promise<TSendVerificationCodeResponse> {
    // what one address and the whole instance may ask for, counted before anything is looked up
    await this.limiter.hit([LIMITS.smsIp(ip, this.smsPerAddressPerHour), LIMITS.smsAll(this.smsPerHour)]);
    if (purpose === "register") {
      if (await findUserByPhone(this.db, phoneNumber)) throw fail("PHONE_TAKEN");
      if (!(await hasLiveInvitation(this.db, phoneNumber))) throw fail("INVITATION_INVALID");
      return sendCode(this.codeDeps(), { phoneNumber, purpose });
    }
    const user = await findUserByPhone(this.db, phoneNumber);
    return sendCode(this.codeDeps(), { phoneNumber, purpose, userId: user?.id ?? null }, { deliver: Boolean(user) });
  }

  /** Spec "login by verification code": a `login` code signs in (and leads a user without a password to set one). */
  async loginWithCode(phoneNumber: string, code: string): Promise<SignedIn> {
    const codeId = await checkCode(this.db, { phoneNumber, purpose: "login" }, code);
    const user = await findUserByPhone(this.db, phoneNumber);
    if (!user) throw fail("VERIFICATION_CODE_INVALID");
    const now = new Date();
    return this.db.transaction(async (tx) => {
      if (!(await consumeCode(tx, codeId, now))) throw fail("VERIFICATION_CODE_INVALID");
      const updated = await updateUser(tx, user.id, { lastLoginAt: now, isVerified: true });
      const session = await createSession(tx, user.id, now);
      return signedIn(updated, session, "Login successful");
    });
  }

  /**
   * Forgotten password: the new password is checked first (spec §5 order), then the `reset` code. Every other
   * session of the account ends (whoever knew the old password is out) and this browser is signed in.
   */
  async resetPassword(input: {
    phoneNumber: string;
    code: string;
    newPassword: string;
    confirmPassword?: string | undefined;
  }): Promise<SignedIn> {
    assertNewPassword(input.newPassword, input.confirmPassword);
    const codeId = await checkCode(this.db, { phoneNumber: input.phoneNumber, purpose: "reset" }, input.code);
    const user = await findUserByPhone(this.db, input.phoneNumber);
    if (!user) throw fail("VERIFICATION_CODE_INVALID");
    const passwordHash = await hashPassword(input.newPassword, this.hashing);
    const now = new Date();
    return this.db.transaction(async (tx) => {
      if (!(await consumeCode(tx, codeId, now))) throw fail("VERIFICATION_CODE_INVALID");
      await deleteUserSessions(tx, user.id);
      const updated = await updateUser(tx, user.id, {
        passwordHash,
        hasCustomPassword: true,
        lastLoginAt: now,
        isVerified: true,
      });
      const session = await createSession(tx, user.id, now);
      return signedIn(updated, session, "Password reset");
    });
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
          // the inviter chose what the invitee becomes
          role: invitation.role,
          country: input.country.toUpperCase(),
          workLanguage: normalizeWorkLanguage(input.workLanguage),
          // no password yet: the new session sets the first one (nothing guessable in between)
          passwordHash: null,
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

  /**
   * Spec §5 order: all fields, confirmation matches, strength; then the current password (rate limited). An account
   * without a password of its own sets its first one without `currentPassword` — exactly while it has none: the
   * update is conditional, so a password set meanwhile (another tab, a reset) is not silently replaced.
   */
  async changePassword(auth: ActiveSession, input: ChangePasswordInput, ip: string): Promise<void> {
    const stored = auth.user.passwordHash;
    const current = input.currentPassword;
    if ((stored && !current) || !input.newPassword || input.confirmPassword === "") throw fail("PASSWORD_INCOMPLETE");
    assertNewPassword(input.newPassword, input.confirmPassword);
    if (stored) {
      // a wrong current password is a password guess like any other: counted first, with sign-in's slowdown
      const pair = LIMITS.signInPhoneIp(auth.user.phoneNumber, ip);
      const perPhone = LIMITS.signInPhone(auth.user.phoneNumber);
      await this.limiter.hit([pair, perPhone]);
      if (!(await verifyPassword(current ?? "", stored))) throw fail("CURRENT_PASSWORD_WRONG");
      await this.limiter.reset([pair.key]);
      await this.limiter.refund([perPhone.key]);
    }
    const passwordHash = await hashPassword(input.newPassword, this.hashing);
    await this.db.transaction(async (tx) => {
      if (stored) {
        await updateUser(tx, auth.user.id, { passwordHash, hasCustomPassword: true });
      } else if (!(await setFirstPassword(tx, auth.user.id, passwordHash))) {
        throw fail("CURRENT_PASSWORD_WRONG");
      }
      await deleteOtherSessions(tx, auth.user.id, auth.tokenHash);
    });
  }

  async sendChangeOldCode(user: UserRow, phoneNumber: string, ip: string): Promise<TSendVerificationCodeResponse> {
    await this.limiter.hit([LIMITS.smsIp(ip, this.smsPerAddressPerHour), LIMITS.smsAll(this.smsPerHour)]);
    if (phoneNumber !== user.phoneNumber) throw fail("PHONE_MISMATCH");
    return sendCode(this.codeDeps(), { phoneNumber, purpose: "change_old", userId: user.id });
  }

  async sendChangeNewCode(user: UserRow, phoneNumber: string, ip: string): Promise<TSendVerificationCodeResponse> {
    await this.limiter.hit([LIMITS.smsIp(ip, this.smsPerAddressPerHour), LIMITS.smsAll(this.smsPerHour)]);
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
  const requiresPasswordChange = !user.passwordHash;
  return {
    user,
    session,
    requiresPasswordChange,
    message: requiresPasswordChange ? `${message}. Please set your password` : message,
  };
}
