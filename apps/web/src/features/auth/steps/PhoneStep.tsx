import { isValidNationalNumber, MAINLAND_DIAL_CODE, nationalNumberMaxLength, type TCountry } from "@essay/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api.ts";
import { describeError } from "../../../lib/error-message.ts";
import { countryName, useCountries } from "../../config/use-config-lists.ts";
import { authApi } from "../auth-api.ts";

interface Props {
  country: string;
  onCountryChange: (code: string, dialCode: string) => void;
  dialCode: string;
  phone: string;
  onPhoneChange: (value: string) => void;
  onExistingUser: () => void;
  onNewUser: () => void;
}

/** Shown until the list arrives, so the selector never renders empty (CN is the default, spec §9). */
const FALLBACK: TCountry[] = [{ code: "CN", name: "China", flag: "🇨🇳", phoneCode: MAINLAND_DIAL_CODE }];

export function PhoneStep({
  country,
  onCountryChange,
  dialCode,
  phone,
  onPhoneChange,
  onExistingUser,
  onNewUser,
}: Props) {
  const { t, i18n } = useTranslation();
  const { data: countries = FALLBACK } = useCountries();
  const mainland = dialCode === MAINLAND_DIAL_CODE;
  const check = useMutation({
    mutationFn: () => authApi.checkPasswordStatus(`${dialCode}${phone}`),
    onSuccess: onExistingUser,
    onError: (error) => {
      if (error instanceof ApiError && (error.code === "USER_NOT_FOUND" || error.status === 404)) {
        onNewUser();
        return;
      }
      const network = !(error instanceof ApiError);
      toast({
        title: network ? t("common.networkError") : t("auth.toast.checkFailed"),
        description: describeError(t, error),
        variant: "destructive",
      });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isValidNationalNumber(dialCode, phone)) {
      toast({
        title: t("auth.toast.inputError"),
        description: mainland ? t("auth.toast.invalidPhone") : t("auth.toast.invalidPhoneIntl"),
        variant: "destructive",
      });
      return;
    }
    check.mutate();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="phone">{t("auth.phone")}</Label>
        <div className="flex">
          {/* the dial code: flag and code on one line, the country's name in the list */}
          <select
            aria-label={t("auth.phoneCountry")}
            data-testid="phone-country"
            className="h-10 shrink-0 whitespace-nowrap rounded-l-md border border-r-0 border-slate-300 bg-slate-50 pl-2 pr-1 text-sm text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            value={country}
            onChange={(e) => {
              const chosen = countries.find((c) => c.code === e.target.value);
              if (chosen) onCountryChange(chosen.code, chosen.phoneCode);
            }}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code} title={countryName(c, i18n.language)}>
                {c.flag} {c.phoneCode}
              </option>
            ))}
          </select>
          <Input
            id="phone"
            className="min-w-0 rounded-l-none"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={nationalNumberMaxLength(dialCode)}
            placeholder={mainland ? t("auth.phonePlaceholder") : t("auth.phonePlaceholderIntl")}
            value={phone}
            onChange={(e) =>
              onPhoneChange(e.target.value.replace(/\D/g, "").slice(0, nationalNumberMaxLength(dialCode)))
            }
            autoFocus
          />
        </div>
      </div>
      <Button type="submit" disabled={check.isPending}>
        {check.isPending ? t("auth.checking") : t("auth.next")}
      </Button>
    </form>
  );
}
