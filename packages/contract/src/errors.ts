import { z } from "zod";
import { ERROR_CODES } from "./error-codes.ts";

export const ZErrorCode = z.enum(ERROR_CODES);

export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
