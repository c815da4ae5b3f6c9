import { z } from "zod";
import { ZPhoneNumber } from "./auth.ts";

export const INVITATION_CODE_LENGTH = 8;
export const INVITATION_VALIDITY_HOURS = 24;

export const ZInvitation = z.object({
  id: z.string(),
  code: z.string(),
  invitedPhone: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  usedCount: z.number().int(),
  maxUses: z.number().int(),
  isActive: z.boolean(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationList = z.array(ZInvitation);

export const ZCreateInvitationRequest = z.object({ invitedPhone: ZPhoneNumber });
export const ZValidateInvitationRequest = z.object({
  code: z.string().trim().toUpperCase().length(INVITATION_CODE_LENGTH),
  phoneNumber: ZPhoneNumber,
});
export const ZValidateInvitationResponse = z.object({ valid: z.literal(true), message: z.string() });

export type TInvitationBadge = "used_up" | "expired" | "available" | "disabled";
/** Spec §4: evaluated in this order. */
export function invitationBadge(
  inv: Pick<TInvitation, "usedCount" | "maxUses" | "expiresAt" | "isActive">,
  now = Date.now(),
): TInvitationBadge {
  if (inv.usedCount >= inv.maxUses) return "used_up";
  if (new Date(inv.expiresAt).getTime() <= now) return "expired";
  if (inv.isActive) return "available";
  return "disabled";
}
