import type { TErrorCode } from "@essay/contract";

const STATUS_BY_CODE: Record<string, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ORIGIN_REJECTED: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  USER_NOT_FOUND: 404,
  INVALID_CREDENTIALS: 401,
  PHONE_TAKEN: 409,
  SMS_SEND_FAILED: 502,
};

/**
 * The one error type routes and modules throw. `code` is stable and translated by the web;
 * `message` is the spec's English wording for API users and logs.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode | (string & {}),
    message: string,
    options: { status?: number; fieldErrors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = options.status ?? STATUS_BY_CODE[code] ?? 400;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
}
