import type { TInvitation } from "@essay/contract";
import { apiJson } from "../../lib/api.ts";

export const INVITATIONS_KEY = ["/api/invitations"] as const;

export const invitationsApi = {
  create: (invitedPhone: string) => apiJson<TInvitation>("POST", "/api/invitations", { invitedPhone }),
  remove: (id: string) => apiJson<unknown>("DELETE", `/api/invitations/${id}`),
};
