import { INVITATION_VALIDITY_HOURS, type TInvitation, type TRole } from "@essay/contract";
import type { Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fail } from "../../lib/fail.ts";
import { findUserByPhone } from "../accounts/users.repo.ts";
import { generateInvitationCode } from "./invitation-codes.ts";
import {
  deactivateInvitation,
  findInvitationByCode,
  type InvitationRow,
  insertInvitation,
  listInvitationsBy,
  presentInvitation,
} from "./invitations.repo.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class InvitationsService {
  constructor(private readonly db: Queryable) {}

  /** `createdBy` null: issued by the system (the `invite` command). The inviter chooses what the invitee becomes. */
  async create(
    invitedPhone: string,
    createdBy: string | null,
    role: TRole = "teacher",
    now = new Date(),
  ): Promise<TInvitation> {
    if (await findUserByPhone(this.db, invitedPhone)) throw fail("PHONE_TAKEN");
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await insertInvitation(this.db, {
          code: generateInvitationCode(),
          invitedPhone,
          createdBy,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_VALIDITY_HOURS * 3600_000),
          maxUses: 1,
          role,
        });
        return presentInvitation(row);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  async listOwn(userId: string): Promise<TInvitation[]> {
    return (await listInvitationsBy(this.db, userId)).map(presentInvitation);
  }

  async deactivateOwn(id: string, userId: string): Promise<void> {
    if (!UUID.test(id) || !(await deactivateInvitation(this.db, id, userId))) {
      throw fail("NOT_FOUND");
    }
  }

  /** Spec §4/§5 checks in badge order, then the invitee's phone. Returns the usable invitation. */
  async validate(code: string, phoneNumber: string, db: Queryable = this.db, now = new Date()): Promise<InvitationRow> {
    const row = await findInvitationByCode(db, code.trim().toUpperCase());
    if (!row) throw fail("INVITATION_INVALID");
    if (row.usedCount >= row.maxUses) throw fail("INVITATION_USED_UP");
    if (row.expiresAt.getTime() <= now.getTime()) throw fail("INVITATION_EXPIRED");
    if (!row.isActive) throw fail("INVITATION_INACTIVE");
    if (row.invitedPhone !== phoneNumber) throw fail("INVITATION_PHONE_MISMATCH");
    return row;
  }
}
