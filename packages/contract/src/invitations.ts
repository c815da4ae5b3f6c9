import { z } from "zod";
import { ZPhoneNumber, ZRole } from "./auth.ts";
import { INVITATION_CODE_LENGTH } from "./rules.ts";

export const ZInvitation = z.object({
  id: z.string(),
  code: z.string(),
  invitedPhone: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  usedCount: z.number().int(),
  maxUses: z.number().int(),
  isActive: z.boolean(),
  /** What the invitee becomes: chosen by the inviter. */
  role: ZRole,
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationList = z.array(ZInvitation);

export const ZCreateInvitationRequest = z.object({ invitedPhone: ZPhoneNumber, role: ZRole.default("teacher") });
export const ZValidateInvitationRequest = z.object({
  code: z.string().trim().toUpperCase().length(INVITATION_CODE_LENGTH),
  phoneNumber: ZPhoneNumber,
});
export const ZValidateInvitationResponse = z.object({ valid: z.literal(true), message: z.string(), role: ZRole });
