import { MAINLAND_MOBILE, ZPhoneNumber } from "@essay/contract";

/** "+8613800138001" stays; an 11-digit mainland mobile "13800138001" becomes "+8613800138001"; else null. */
export function normalizePhoneInput(input: string): string | null {
  const compact = input.replace(/[\s-]/g, "");
  const candidate = MAINLAND_MOBILE.test(compact) ? `+86${compact}` : compact;
  const parsed = ZPhoneNumber.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
