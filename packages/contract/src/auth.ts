import { z } from "zod";
import { ZWorkLanguage } from "./config.ts";
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from "./rules.ts";

/** Dial code plus national number, no spaces: "+8613800138001". */
export const ZPhoneNumber = z
  .string()
  .trim()
  .regex(/^\+\d{7,16}$/, "phone number must be a dial code and number, e.g. +8613800138001");
export const ZVerificationCode = z
  .string()
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
  password: z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters"),
});
export const ZAuthResponse = z.object({ user: ZUser, requiresPasswordChange: z.boolean(), message: z.string() });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const VERIFICATION_PURPOSES = ["register", "change_old", "change_new"] as const;
export const ZVerificationPurpose = z.enum(VERIFICATION_PURPOSES);
export type TVerificationPurpose = z.infer<typeof ZVerificationPurpose>;

export const ZSendVerificationCodeRequest = z.object({ phoneNumber: ZPhoneNumber, purpose: z.literal("register") });
/** `verificationCode` is present only with the demo SMS provider, which shows it in a demo notice instead of texting it. */
export const ZSendVerificationCodeResponse = z.object({
  success: z.literal(true),
  expiresInSeconds: z.number().int(),
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
  name: z.string().trim().min(NAME_MIN_LENGTH),
  school: z.string().trim().max(100).optional(),
  role: ZRole,
  country: z.string().trim().length(2).default("CN"),
  workLanguage: z.string().optional(),
  invitationCode: z.string().trim().toUpperCase().length(8),
  verificationCode: ZVerificationCode,
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/**
 * `confirmPassword` is optional: when sent, the server checks it equals `newPassword` (spec §5 order:
 * PASSWORD_INCOMPLETE, PASSWORD_MISMATCH, PASSWORD_WEAK, then CURRENT_PASSWORD_WRONG).
 */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1),
  newPassword: z.string(),
  confirmPassword: z.string().optional(),
});
export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string() });

/** Phone-change codes: sent to the current phone (old) and to the new one. */
export const ZVerifyPhoneRequest = z.object({ phoneNumber: ZPhoneNumber });
export const ZVerifyPhoneResponse = z.object({
  success: z.literal(true),
  expiresInSeconds: z.number().int(),
  verificationCode: z.string().optional(),
});

export const ZUpdateProfileRequest = z.object({
  name: z.string().trim().min(1),
  phoneNumber: ZPhoneNumber,
  country: z.string().trim().length(2),
  workLanguage: z.string(),
  /** Required when phoneNumber differs from the saved one. */
  oldPhoneCode: ZVerificationCode.optional(),
  newPhoneCode: ZVerificationCode.optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZPatchUserRequest = z.object({ workLanguage: z.string() });
