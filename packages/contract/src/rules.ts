// Rules and constants shared by server and web that need no schema library: the web imports them without zod.

/** Mainland China mobile as typed on the sign-in screen (spec §5). */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** Spec §5/§9: other countries' numbers are 7 to 15 digits. */
export const INTERNATIONAL_NUMBER = /^\d{7,15}$/;
export const MAINLAND_DIAL_CODE = "+86";

/**
 * The national part of a phone number typed after a dial code: the spec's mainland mobile rule for +86, 7 to 15
 * digits elsewhere. Sign-in and invitations use the same rule, so whoever can be invited can sign in.
 */
export function isValidNationalNumber(dialCode: string, national: string): boolean {
  return dialCode === MAINLAND_DIAL_CODE ? MAINLAND_MOBILE.test(national) : INTERNATIONAL_NUMBER.test(national);
}

/** The longest national number the phone field takes for a dial code (11 for +86, spec §9; else 15). */
export function nationalNumberMaxLength(dialCode: string): number {
  return dialCode === MAINLAND_DIAL_CODE ? 11 : 15;
}

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
/** Profile password rule (spec §5): 8+ characters with a letter, a digit and a special punctuation character. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9\s]/.test(value)
  );
}

export const INVITATION_CODE_LENGTH = 8;
export const INVITATION_VALIDITY_HOURS = 24;

export type TInvitationBadge = "used_up" | "expired" | "available" | "disabled";
/** Spec §4: evaluated in this order. */
export function invitationBadge(
  inv: { usedCount: number; maxUses: number; expiresAt: string; isActive: boolean },
  now = Date.now(),
): TInvitationBadge {
  if (inv.usedCount >= inv.maxUses) return "used_up";
  if (new Date(inv.expiresAt).getTime() <= now) return "expired";
  if (inv.isActive) return "available";
  return "disabled";
}
