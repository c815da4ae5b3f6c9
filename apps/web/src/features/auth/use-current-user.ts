import type { TUser } from "@essay/contract";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../../lib/api.ts";

export const CURRENT_USER_KEY = ["/api/auth/me"] as const;

/** The signed-in user, or null when signed out (401). Loaded once at start (spec §4). */
export function useCurrentUser() {
  return useQuery<TUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<TUser>({ on401: "returnNull" }),
  });
}
