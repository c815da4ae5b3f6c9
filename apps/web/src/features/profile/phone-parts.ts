import type { TCountry } from "@essay/contract";

/** Splits "+8613800138001" into the dial code of the user's country (or the longest that matches) and the rest. */
export function splitPhone(
  phone: string,
  country: string,
  countries: readonly TCountry[],
): { dial: string; local: string } {
  const own = countries.find((c) => c.code === country && phone.startsWith(c.phoneCode));
  const match =
    own ??
    [...countries].sort((a, b) => b.phoneCode.length - a.phoneCode.length).find((c) => phone.startsWith(c.phoneCode));
  const dial = match?.phoneCode ?? "+86";
  return { dial, local: phone.startsWith(dial) ? phone.slice(dial.length) : phone.replace(/^\+/, "") };
}

export function dialCodeOf(country: string, countries: readonly TCountry[]): string {
  return countries.find((c) => c.code === country)?.phoneCode ?? "+86";
}
