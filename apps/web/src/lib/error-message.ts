import type { TFunction } from "i18next";
import { ApiError } from "./api.ts";

/**
 * What a toast says about a failed call, in the interface language: the translation of the API's error code when
 * we have one, the server's own words otherwise, and a network message when nothing came back at all.
 */
export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && t(`errors.${error.code}`, { defaultValue: "" })) return t(`errors.${error.code}`);
    return error.serverMessage ?? error.message;
  }
  if (error instanceof TypeError) return t("common.networkErrorDesc");
  return error instanceof Error ? error.message : String(error);
}
