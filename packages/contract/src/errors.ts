import { z } from "zod";

/**
 * Every error the API returns carries a stable code; the web translates it with `errors.<CODE>`.
 * `message` is the spec's English text, for curl users and logs.
 */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "NOT_FOUND",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "ORIGIN_REJECTED",
  "RATE_LIMITED",
  "INTERNAL",
  // accounts
  "USER_NOT_FOUND",
  "INVALID_CREDENTIALS",
  "PHONE_TAKEN",
  "PHONE_UNCHANGED",
  "VERIFICATION_CODE_INVALID",
  "VERIFICATION_CODE_EXPIRED",
  "SMS_SEND_FAILED",
  "INVITATION_INVALID",
  "INVITATION_INACTIVE",
  "INVITATION_EXPIRED",
  "INVITATION_USED_UP",
  "INVITATION_PHONE_MISMATCH",
  "CURRENT_PASSWORD_WRONG",
  "PASSWORD_INCOMPLETE",
  "PASSWORD_WEAK",
  // added with the accounts server
  "PASSWORD_MISMATCH",
  "PHONE_MISMATCH",
  "VERIFICATION_CODE_ATTEMPTS_EXCEEDED",
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** The English message the server sends with each code (spec §5 and §8 wording where the spec has one). */
export const ERROR_MESSAGES: Record<TErrorCode, string> = {
  VALIDATION_FAILED: "Invalid request",
  NOT_FOUND: "Not found",
  UNAUTHORIZED: "Not logged in",
  FORBIDDEN: "Access Denied",
  ORIGIN_REJECTED: "Cross-site request refused",
  RATE_LIMITED: "Too many requests, please try again later",
  INTERNAL: "Internal server error",
  USER_NOT_FOUND: "User does not exist",
  INVALID_CREDENTIALS: "Incorrect phone number or password",
  PHONE_TAKEN: "This phone number is already registered",
  PHONE_UNCHANGED: "Phone number unchanged, please change it first",
  VERIFICATION_CODE_INVALID: "Verification code wrong, please check and retry",
  VERIFICATION_CODE_EXPIRED: "Verification code expired, please request a new one",
  SMS_SEND_FAILED: "Failed to send verification code",
  INVITATION_INVALID: "Invalid invitation code",
  INVITATION_INACTIVE: "Invitation code has been deactivated",
  INVITATION_EXPIRED: "Invitation code has expired",
  INVITATION_USED_UP: "Invitation code has been used up",
  INVITATION_PHONE_MISMATCH: "This invitation code was issued for a different phone number",
  CURRENT_PASSWORD_WRONG: "Current password is incorrect",
  PASSWORD_INCOMPLETE: "Form incomplete, please fill all required fields",
  PASSWORD_WEAK: "Password not secure: use 8 or more characters combining letters, digits and special symbols",
  PASSWORD_MISMATCH: "Passwords do not match",
  PHONE_MISMATCH: "Phone number does not match your current phone number",
  VERIFICATION_CODE_ATTEMPTS_EXCEEDED: "Too many wrong attempts, please request a new verification code",
};
