import { type TUser, WORK_LANGUAGES } from "@essay/contract";
import { storedLanguage } from "../../i18n/index.ts";
import { apiJson } from "../../lib/api.ts";

/**
 * A language picked on the sign-in screen is a choice the person just made: it becomes their work language.
 * Without such a choice the interface follows the work language saved on the account.
 */
export async function adoptSignedInUser(user: TUser): Promise<TUser> {
  const chosen = storedLanguage();
  // an account without a password may only set one: its language is saved once it has
  if (!user.hasCustomPassword) return user;
  if (!chosen || chosen === user.workLanguage || !(WORK_LANGUAGES as readonly string[]).includes(chosen)) return user;
  try {
    return await apiJson<TUser>("PATCH", `/api/users/${user.id}`, { workLanguage: chosen });
  } catch (error) {
    console.error("could not save the chosen language", error);
    return user;
  }
}
