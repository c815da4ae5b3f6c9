import { type TUser, type TWorkLanguage, WORK_LANGUAGES } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, BadgeCheck, BadgeX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/select.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { setLanguage } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { describeError } from "../../lib/error-message.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { authApi } from "../auth/auth-api.ts";
import { CURRENT_USER_KEY } from "../auth/use-current-user.ts";
import { countryName, useCountries, useWorkLanguages } from "../config/use-config-lists.ts";
import { dialCodeOf, splitPhone } from "./phone-parts.ts";
import { usePhoneChange } from "./use-phone-change.ts";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-0 sm:grid-cols-[180px_1fr]">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function ProfileTab({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: countries = [] } = useCountries();
  const { data: languages = [] } = useWorkLanguages();
  const saved = splitPhone(user.phoneNumber, user.country, countries);
  const initialForm = () => ({
    name: user.name,
    phone: saved.local,
    country: user.country,
    workLanguage: user.workLanguage,
  });
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(initialForm);
  const phoneFlow = usePhoneChange(user.phoneNumber);
  const newPhone = `${dialCodeOf(form.country, countries)}${form.phone}`;
  const phoneChanged = newPhone !== user.phoneNumber;

  const save = useMutation({
    mutationFn: () =>
      authApi.updateProfile({
        name: form.name.trim(),
        phoneNumber: phoneFlow.state === "complete" ? phoneFlow.targetPhone : user.phoneNumber,
        country: form.country,
        workLanguage: form.workLanguage,
        ...(phoneFlow.state === "complete" ? { oldPhoneCode: phoneFlow.oldCode, newPhoneCode: phoneFlow.newCode } : {}),
      }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      phoneFlow.reset();
      setEditing(false);
      if (updated.workLanguage !== i18n.language) await setLanguage(updated.workLanguage);
      toast({ title: t("profile.toast.updated"), variant: "success" });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) =>
      toast({
        title: t("profile.toast.updateFailed"),
        description: error instanceof ApiError ? describeError(t, error) : t("profile.toast.checkInput"),
        variant: "destructive",
      }),
  });

  const cancelEdit = () => {
    setForm(initialForm());
    phoneFlow.reset();
    setEditing(false);
  };

  const cancelPhoneChange = () => {
    phoneFlow.reset();
    setForm((f) => ({ ...f, phone: saved.local, country: user.country }));
  };

  const startPhoneChange = () => {
    if (!phoneChanged) {
      toast({ title: t("profile.toast.phoneUnchanged"), variant: "destructive" });
      return;
    }
    phoneFlow.start(newPhone);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      toast({
        title: t("profile.toast.incompleteForm"),
        description: t("profile.toast.fillName"),
        variant: "destructive",
      });
      return;
    }
    if (phoneChanged && phoneFlow.state !== "complete") {
      toast({ title: t("profile.toast.updateFailed"), description: t("profile.phoneWarning"), variant: "destructive" });
      return;
    }
    save.mutate();
  };

  const canSave = phoneFlow.state === "none" || phoneFlow.state === "complete";
  const saveLabel = save.isPending
    ? t("common.saving")
    : phoneFlow.inProgress
      ? t("profile.verifyingLabel")
      : t("common.save");
  const languageName = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  const verifyingPhone = phoneFlow.inProgress || phoneFlow.state === "complete";

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t("profile.title")}</CardTitle>
          <CardDescription>{t("profile.subtitle")}</CardDescription>
        </div>
        {!editing ? (
          <Button variant="outline" onClick={() => setEditing(true)}>
            {t("profile.edit")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!editing ? (
          <dl data-testid="profile-view">
            <Row label={t("profile.phone")}>{user.phoneNumber}</Row>
            <Row label={t("profile.name")}>{user.name}</Row>
            <Row label={t("profile.role")}>{t(user.role === "teacher" ? "auth.roleTeacher" : "auth.roleStudent")}</Row>
            {user.school ? <Row label={t("profile.school")}>{user.school}</Row> : null}
            <Row label={t("profile.country")}>
              {countryName({ code: user.country, name: user.country }, i18n.language)}
            </Row>
            <Row label={t("profile.workLanguage")}>{languageName(user.workLanguage)}</Row>
            <Row label={t("profile.registeredAt")}>{formatDateTime(user.createdAt, i18n.language)}</Row>
            <Row label={t("profile.verification")}>
              {user.isVerified ? (
                <span className="inline-flex items-center gap-1 text-green-700">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  {t("profile.verified")}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-slate-500">
                  <BadgeX className="size-4" aria-hidden="true" />
                  {t("profile.notVerified")}
                </span>
              )}
            </Row>
            {user.lastLoginAt ? (
              <Row label={t("profile.lastLogin")}>{formatDateTime(user.lastLoginAt, i18n.language)}</Row>
            ) : null}
          </dl>
        ) : (
          <form className="flex max-w-xl flex-col gap-4" onSubmit={submit} noValidate data-testid="profile-form">
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-name">{t("profile.name")} *</Label>
              <Input
                id="profile-name"
                value={form.name}
                onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor="profile-country">{t("profile.country")} *</Label>
                <NativeSelect
                  id="profile-country"
                  value={form.country}
                  disabled={verifyingPhone}
                  onChange={(e) => setForm((f) => ({ ...f, country: e.target.value }))}
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.flag} {countryName(c, i18n.language)} ({c.phoneCode})
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="profile-language">{t("profile.workLanguage")} *</Label>
                <NativeSelect
                  id="profile-language"
                  value={form.workLanguage}
                  onChange={(e) => setForm((f) => ({ ...f, workLanguage: e.target.value as TWorkLanguage }))}
                >
                  {(languages.length ? languages : WORK_LANGUAGES.map((code) => ({ code, name: code }))).map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-phone">{t("profile.phone")} *</Label>
              <div className="flex gap-2">
                <div className="flex flex-1">
                  <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">
                    {dialCodeOf(form.country, countries)}
                  </span>
                  <Input
                    id="profile-phone"
                    className="rounded-l-none"
                    inputMode="numeric"
                    maxLength={11}
                    value={form.phone}
                    disabled={verifyingPhone}
                    onChange={(e) => setForm((f) => ({ ...f, phone: e.target.value.replace(/\D/g, "").slice(0, 11) }))}
                  />
                </div>
                {phoneFlow.state === "none" ? (
                  <Button
                    variant="outline"
                    disabled={!form.phone || phoneFlow.busy}
                    onClick={startPhoneChange}
                    data-testid="change-phone"
                  >
                    {t("profile.changePhone")}
                  </Button>
                ) : (
                  <Button variant="ghost" onClick={cancelPhoneChange}>
                    {t("profile.cancelPhoneChange")}
                  </Button>
                )}
              </div>
              <p className="flex items-start gap-2 text-xs text-amber-700">
                <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                {t("profile.phoneWarning")}
              </p>
            </div>
            {phoneFlow.state === "verify-old" ? (
              <CodeField
                id="old-code"
                label={t("profile.oldCode", { phone: user.phoneNumber })}
                value={phoneFlow.oldCode}
                onChange={phoneFlow.setOldCode}
                action={t("profile.verifyOld")}
                onVerify={phoneFlow.confirmOld}
                busy={phoneFlow.busy}
              />
            ) : null}
            {phoneFlow.state === "verify-new" ? (
              <CodeField
                id="new-code"
                label={t("profile.newCode", { phone: phoneFlow.targetPhone })}
                value={phoneFlow.newCode}
                onChange={phoneFlow.setNewCode}
                action={t("profile.verifyNew")}
                onVerify={phoneFlow.confirmNew}
                busy={phoneFlow.busy}
              />
            ) : null}
            {phoneFlow.state === "complete" ? (
              <p className="rounded-md bg-green-50 p-3 text-sm text-green-800" role="status">
                {t("profile.phoneVerifiedNotice")}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button variant="outline" onClick={cancelEdit}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={!canSave || save.isPending} data-testid="profile-save">
                {saveLabel}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

interface CodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  action: string;
  onVerify: () => void;
  busy: boolean;
}

function CodeField({ id, label, value, onChange, action, onVerify, busy }: CodeFieldProps) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-brand-100 bg-brand-50 p-3">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="font-mono tracking-widest"
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
        />
        <Button disabled={!value || busy} onClick={onVerify}>
          {action}
        </Button>
      </div>
    </div>
  );
}
