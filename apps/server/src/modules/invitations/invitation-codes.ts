import { randomInt } from "node:crypto";
import { INVITATION_CODE_LENGTH } from "@essay/contract";

/** No 0/O, 1/I/L: codes are read aloud and typed from paper. 31^8 ≈ 8.5e11 possibilities. */
export const INVITATION_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function generateInvitationCode(): string {
  let code = "";
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += INVITATION_ALPHABET[randomInt(INVITATION_ALPHABET.length)];
  return code;
}
