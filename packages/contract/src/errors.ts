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
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
