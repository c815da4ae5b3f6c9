import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { type TInvitation, type TRole, ZRole } from "@essay/contract";
import type { InvitationsService } from "../modules/invitations/invitations.service.ts";

export const ADMIN_SOCKET_NAME = "admin.sock";

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_SOCKET_NAME);
}

export interface InviteResult {
  code: string;
  invitedPhone: string;
  role: TRole;
  expiresAt: string;
}

export function inviteResult(invitation: TInvitation): InviteResult {
  return {
    code: invitation.code,
    invitedPhone: invitation.invitedPhone,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
  };
}

/**
 * A local channel for the `invite` command while the server holds the embedded database folder:
 * HTTP over a unix socket in DATA_DIR with mode 0600, so only the machine account running the server can use it.
 */
export async function startAdminSocket(dataDir: string, invitations: InvitationsService): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true }); // left by a crashed run: we hold the folder lock, so nobody else uses it
  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method !== "POST" || req.url !== "/invite") return reply(404, { code: "NOT_FOUND" });
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const { phoneNumber, role } = JSON.parse(raw) as { phoneNumber?: unknown; role?: unknown };
      const parsedRole = ZRole.safeParse(role ?? "teacher");
      if (typeof phoneNumber !== "string" || !parsedRole.success) return reply(400, { code: "VALIDATION_FAILED" });
      reply(200, inviteResult(await invitations.create(phoneNumber, null, parsedRole.data)));
    } catch (error) {
      const e = error as { code?: string; message?: string };
      reply(400, { code: e.code ?? "INTERNAL", message: e.message ?? "failed" });
    }
  });
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** Asks the running server to create an invitation. */
export function inviteViaSocket(dataDir: string, phoneNumber: string, role: TRole): Promise<InviteResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: adminSocketPath(dataDir),
        method: "POST",
        path: "/invite",
        headers: { "content-type": "application/json" },
      },
      async (res) => {
        let raw = "";
        for await (const chunk of res) raw += chunk;
        try {
          const body = JSON.parse(raw) as InviteResult & { message?: string };
          if (res.statusCode === 200) resolve(body);
          else reject(new Error(body.message ?? `server answered ${res.statusCode}`));
        } catch (error) {
          reject(error);
        }
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ phoneNumber, role }));
  });
}
