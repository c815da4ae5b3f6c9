import { NAME_MIN_LENGTH, type TRole, type TWorkLanguage, WORK_LANGUAGES } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/select.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { setLanguage } from "../../../i18n/index.ts";
import { describeError } from "../../../lib/error-message.ts";
import { countryName, useCountries, useWorkLanguages } from "../../config/use-config-lists.ts";
import { authApi } from "../auth-api.ts";
import { CURRENT_USER_KEY } from "../use-current-user.ts";

interface Props {
  phoneNumber: string;
  invitationCode: string;
  verificationCode: string;
  /** Chosen by the inviter: shown, not asked. */
  role: TRole;
  /** The country picked with the phone's dial code. */
  country: string;
}

/** Spec §4: after registering, go to the profile's password tab 0.5 s later with a toast to set the password. */
const REDIRECT_AFTER_REGISTER_MS = 500;

export function PersonalInfoStep({ phoneNumber, invitationCode, verificationCode, role, country: dialCountry }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: countries } = useCountries();
  const { data: languages } = useWorkLanguages();
  const [name, setName] = useState("");
  const [school, setSchool] = useState("");
  const [country, setCountry] = useState(dialCountry);
  const initialLanguage = (WORK_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "zh-CN";
  const [workLanguage, setWorkLanguage] = useState<TWorkLanguage>(initialLanguage as TWorkLanguage);

  const register = useMutation({
    mutationFn: () =>
      authApi.register({
        phoneNumber,
        name: name.trim(),
        school: school.trim() || undefined,
        country,
        workLanguage,
        invitationCode: invitationCode.trim().toUpperCase(),
        verificationCode,
      }),
    onSuccess: async ({ user }) => {
      await setLanguage(user.workLanguage);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      toast({ title: t("auth.toast.registered"), description: t("auth.toast.changePasswordNow"), duration: 8000 });
      setTimeout(() => navigate("/profile?tab=password"), REDIRECT_AFTER_REGISTER_MS);
    },
    onError: (error) =>
      toast({
        title: t("auth.toast.registrationFailed"),
        description: describeError(t, error),
        variant: "destructive",
      }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim().length < NAME_MIN_LENGTH) {
      toast({ title: t("auth.toast.invalidName"), variant: "destructive" });
      return;
    }
    register.mutate();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="reg-name">{t("auth.name")} *</Label>
        <Input
          id="reg-name"
          autoComplete="name"
          placeholder={t("auth.namePlaceholder")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="reg-school">{t("auth.school")}</Label>
        <Input
          id="reg-school"
          autoComplete="organization"
          placeholder={t("auth.schoolPlaceholder")}
          value={school}
          onChange={(e) => setSchool(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-700">{t("auth.role")}</span>
        <p className="text-sm" data-testid="invited-role">
          <span className="font-semibold text-brand-700">
            {t(role === "teacher" ? "auth.roleTeacher" : "auth.roleStudent")}
          </span>
          <span className="text-slate-500"> · {t("auth.roleFromInvitation")}</span>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="reg-country">{t("auth.country")} *</Label>
          <NativeSelect id="reg-country" value={country} onChange={(e) => setCountry(e.target.value)}>
            {(countries ?? [{ code: "CN", name: "China", flag: "🇨🇳", phoneCode: "+86" }]).map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {countryName(c, i18n.language)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="reg-language">{t("auth.workLanguage")} *</Label>
          <NativeSelect
            id="reg-language"
            value={workLanguage}
            onChange={(e) => setWorkLanguage(e.target.value as TWorkLanguage)}
          >
            {(languages ?? WORK_LANGUAGES.map((code) => ({ code, name: code }))).map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t("auth.registering") : t("auth.register")}
      </Button>
    </form>
  );
}
