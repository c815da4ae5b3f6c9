import type { TInvitation, TRole } from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

export const INVITATIONS_KEY = ["/api/invitations"] as const;

export const invitationsApi = {
  create: (invitedPhone: string, role: TRole) =>
    apiJson<TInvitation>("POST", "/api/invitations", { invitedPhone, role }),
  remove: (id: string) => apiJson<unknown>("DELETE", `/api/invitations/${id}`),
};
