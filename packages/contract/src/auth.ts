import { z } from "zod";
import { ZWorkLanguage } from "./config.ts";
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from "./rules.ts";
import { LABEL_MAX_CHARS, PASSWORD_MAX_CHARS, PERSON_NAME_MAX_CHARS, TOKEN_MAX_CHARS } from "./text-limits.ts";

/**
 * Dial code plus national number, no spaces: "+8613800138001". "+86" is followed by a mainland mobile (spec §5; no
 * other dial code starts with 86), other dial codes by 7 to 15 digits.
 */
export const ZPhoneNumber = z
  .string()
  .max(TOKEN_MAX_CHARS)
  .trim()
  .regex(/^\+\d{8,18}$/, "phone number must be a dial code and number, e.g. +8613800138001")
  .refine((v) => !v.startsWith("+86") || /^\+861[3-9]\d{9}$/.test(v), "a +86 number must be an 11-digit mobile");
export const ZVerificationCode = z
  .string()
  .max(TOKEN_MAX_CHARS)
  .trim()
  .regex(/^\d{6}$/, "verification code must be 6 digits");
export const ZRole = z.enum(["teacher", "student"]);
export type TRole = z.infer<typeof ZRole>;

export const ZUser = z.object({
  id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  country: z.string(),
  workLanguage: ZWorkLanguage,
  school: z.string().nullable(),
  role: ZRole,
  isVerified: z.boolean(),
  hasCustomPassword: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZCheckPasswordStatusRequest = z.object({ phoneNumber: ZPhoneNumber });
export const ZCheckPasswordStatusResponse = z.object({ hasCustomPassword: z.boolean() });

export const ZLoginPasswordRequest = z.object({
  phoneNumber: ZPhoneNumber,
  password: z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters").max(PASSWORD_MAX_CHARS),
});
export const ZAuthResponse = z.object({ user: ZUser, requiresPasswordChange: z.boolean(), message: z.string() });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

/**
 * `register`: a new account's phone (needs a live invitation); `login`: sign in by code; `reset`: set a new password
 * by code; `change_old`/`change_new`: the two phones of a phone change (signed in).
 */
export const VERIFICATION_PURPOSES = ["register", "login", "reset", "change_old", "change_new"] as const;
export const ZVerificationPurpose = z.enum(VERIFICATION_PURPOSES);
export type TVerificationPurpose = z.infer<typeof ZVerificationPurpose>;

/**
 * Codes for a signed-out visitor. `register` needs a live invitation for the phone; `login` and `reset` answer the
 * same whether or not the phone has an account (a code is sent only when it has one).
 */
export const ZSendVerificationCodeRequest = z.object({
  phoneNumber: ZPhoneNumber,
  purpose: z.enum(["register", "login", "reset"]),
});
/**
 * `verificationCode` is present only with the demo SMS provider and only for codes something else guards (a
 * registration needs its invitation code; a phone change its signed-in session). Sign-in and reset codes are never
 * shown: with the demo provider they go to the server's outbox (`npm run -s cli -- sms-outbox`).
 */
export const ZSendVerificationCodeResponse = z.object({
  success: z.literal(true),
  expiresInSeconds: z.number().int(),
  /** Where the code went: a real SMS, back to this screen (demo), or the demo provider's server-side outbox. */
  delivery: z.enum(["sms", "screen", "outbox"]),
  verificationCode: z.string().optional(),
});
export type TSendVerificationCodeResponse = z.infer<typeof ZSendVerificationCodeResponse>;

/** Checks a code without using it up, so the sign-up wizard can move on; register consumes it. */
export const ZCheckVerificationCodeRequest = z.object({
  phoneNumber: ZPhoneNumber,
  purpose: ZVerificationPurpose,
  code: ZVerificationCode,
});
export const ZCheckVerificationCodeResponse = z.object({ valid: z.literal(true) });

export const ZRegisterRequest = z.object({
  phoneNumber: ZPhoneNumber,
  name: z.string().trim().min(NAME_MIN_LENGTH).max(PERSON_NAME_MAX_CHARS),
  school: z.string().trim().max(LABEL_MAX_CHARS).optional(),
  /** Ignored: the invitation decides the role (the inviter chose it); kept so older clients still register. */
  role: ZRole.optional(),
  country: z.string().trim().length(2).default("CN"),
  workLanguage: z.string().max(TOKEN_MAX_CHARS).optional(),
  invitationCode: z.string().trim().toUpperCase().length(8),
  verificationCode: ZVerificationCode,
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/**
 * `confirmPassword` is optional: when sent, the server checks it equals `newPassword` (spec §5 order:
 * PASSWORD_INCOMPLETE, PASSWORD_MISMATCH, PASSWORD_WEAK, then CURRENT_PASSWORD_WRONG). `currentPassword` is required
 * once the account has a password; a new account sets its first one without it (it has none yet).
 */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_CHARS).optional(),
  newPassword: z.string().max(PASSWORD_MAX_CHARS),
  confirmPassword: z.string().max(PASSWORD_MAX_CHARS).optional(),
});

/** Sign in with a code sent by `send-verification-code` (purpose `login`). */
export const ZLoginCodeRequest = z.object({ phoneNumber: ZPhoneNumber, code: ZVerificationCode });

/** Forgotten password: a `reset` code proves the phone; the new password follows the profile rule. Signs in. */
export const ZResetPasswordRequest = z.object({
  phoneNumber: ZPhoneNumber,
  code: ZVerificationCode,
  newPassword: z.string().max(PASSWORD_MAX_CHARS),
  confirmPassword: z.string().max(PASSWORD_MAX_CHARS).optional(),
});
export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string() });

/** Phone-change codes: sent to the current phone (old) and to the new one. */
export const ZVerifyPhoneRequest = z.object({ phoneNumber: ZPhoneNumber });
export const ZVerifyPhoneResponse = ZSendVerificationCodeResponse;

export const ZUpdateProfileRequest = z.object({
  name: z.string().trim().min(1).max(PERSON_NAME_MAX_CHARS),
  phoneNumber: ZPhoneNumber,
  country: z.string().trim().length(2),
  workLanguage: z.string().max(TOKEN_MAX_CHARS),
  /** Required when phoneNumber differs from the saved one. */
  oldPhoneCode: ZVerificationCode.optional(),
  newPhoneCode: ZVerificationCode.optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZPatchUserRequest = z.object({ workLanguage: z.string().max(TOKEN_MAX_CHARS) });
