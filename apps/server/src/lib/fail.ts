import { ERROR_MESSAGES, type TErrorCode } from "@essay/contract";
import { AppError } from "./app-error.ts";

/** An AppError with the contract's English message for `code`. */
export function fail(code: TErrorCode, options?: ConstructorParameters<typeof AppError>[2]): AppError {
  return new AppError(code, ERROR_MESSAGES[code], options);
}
