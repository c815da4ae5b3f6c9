import type { TRole } from "@essay/contract";
import type { AppConfig } from "../config/env.ts";
import { openDatabase } from "../db/client.ts";
import { DataDirLockedError } from "../db/lock.ts";
import { normalizePhoneInput } from "../lib/phone.ts";
import { InvitationsService } from "../modules/invitations/invitations.service.ts";
import { type InviteResult, inviteResult, inviteViaSocket } from "./admin-socket.ts";

/**
 * Creates a system invitation. PostgreSQL: directly. PGlite: directly when the folder is free,
 * else through the running server's admin socket (PGlite must never be opened by two processes).
 */
export async function inviteCommand(
  config: Pick<AppConfig, "databaseUrl" | "dataDir">,
  phoneInput: string,
  role: TRole = "teacher",
): Promise<InviteResult> {
  const phone = normalizePhoneInput(phoneInput);
  if (!phone) throw new Error(`"${phoneInput}" is not a phone number: use +8613800138001 or 13800138001`);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl, poolSize: 1 }
        : { kind: "pglite", dir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      try {
        return await inviteViaSocket(config.dataDir, phone, role);
      } catch (socketError) {
        const reason = (socketError as NodeJS.ErrnoException).code ?? (socketError as Error).message;
        throw new Error(
          `${error.message}\nIts admin socket did not answer (${reason}): run this command as the user running the server, or stop the server first.`,
        );
      }
    }
    throw error;
  }
  try {
    return inviteResult(await new InvitationsService(database.db).create(phone, null, role));
  } finally {
    await database.close();
  }
}
