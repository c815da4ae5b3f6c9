import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api.ts";

/** Spec §7/§9: data never goes stale by itself, nothing refetches on focus or a timer, nothing retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Country and language lists: cached for an hour (spec §9). */
export const CONFIG_LIST_STALE_MS = 60 * 60 * 1000;
