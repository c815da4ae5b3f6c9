import type { TCountry, TLanguageOption } from "@essay/contract";
import { useQuery } from "@tanstack/react-query";
import { CONFIG_LIST_STALE_MS } from "../../lib/query-client.ts";

export function useCountries() {
  return useQuery<TCountry[]>({ queryKey: ["/api/config/countries"], staleTime: CONFIG_LIST_STALE_MS });
}

export function useWorkLanguages() {
  return useQuery<TLanguageOption[]>({ queryKey: ["/api/config/work-languages"], staleTime: CONFIG_LIST_STALE_MS });
}

/** Country name in the interface language; the API's English name when the browser has no data. */
export function countryName(country: Pick<TCountry, "code" | "name">, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}
