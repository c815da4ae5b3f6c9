import { isValidNationalNumber, nationalNumberMaxLength, type TRole } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Clock, Repeat, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/select.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { countryName, useCountries } from "../config/use-config-lists.ts";
import { INVITATIONS_KEY, invitationsApi } from "./invitations-api.ts";

export function CreateInvitationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: countries = [] } = useCountries();
  const [country, setCountry] = useState("CN");
  const [phone, setPhone] = useState("");
  // the inviter decides what the invitee becomes; a teacher unless chosen otherwise
  const [role, setRole] = useState<TRole>("teacher");
  const dial = countries.find((c) => c.code === country)?.phoneCode;
  const maxLength = nationalNumberMaxLength(dial ?? "");

  const reset = () => {
    setCountry("CN");
    setPhone("");
    setRole("teacher");
  };

  const create = useMutation({
    mutationFn: () => invitationsApi.create(`${dial}${phone}`, role),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      onOpenChange(false);
      reset();
      toast({ title: t("invitations.toast.created"), variant: "success" });
    },
    onError: (error) =>
      toast({
        title: t("invitations.toast.createFailed"),
        description: describeError(t, error),
        variant: "destructive",
      }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!country || !dial) {
      toast({ title: t("invitations.toast.selectCountry"), variant: "destructive" });
      return;
    }
    // the sign-in screen's rule: whoever can be invited can sign in (+86: a mainland mobile)
    if (!isValidNationalNumber(dial, phone)) {
      toast({ title: t("invitations.toast.invalidPhone"), variant: "destructive" });
      return;
    }
    create.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("invitations.dialogTitle")}</DialogTitle>
          <DialogDescription>{t("invitations.dialogDesc")}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor="invite-country">{t("invitations.country")}</Label>
            <NativeSelect
              id="invite-country"
              value={country}
              onChange={(e) => {
                setCountry(e.target.value);
                setPhone("");
              }}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.flag} {countryName(c, i18n.language)} {c.phoneCode}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="invite-phone">{t("invitations.phone")}</Label>
            <div className="flex">
              <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">
                {dial ?? "—"}
              </span>
              <Input
                id="invite-phone"
                className="rounded-l-none"
                inputMode="numeric"
                maxLength={maxLength}
                value={phone}
                onChange={(e) => setPhone(e.target.value.replace(/\D/g, "").slice(0, maxLength))}
                autoFocus
              />
            </div>
            <p className="text-xs text-slate-500">{t("invitations.phoneHint")}</p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="invite-role">{t("invitations.role")}</Label>
            <NativeSelect id="invite-role" value={role} onChange={(e) => setRole(e.target.value as TRole)}>
              <option value="teacher">{t("auth.roleTeacher")}</option>
              <option value="student">{t("auth.roleStudent")}</option>
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-700">
            <p className="flex items-center gap-2">
              <Clock className="size-4 text-brand-600" aria-hidden="true" />
              {t("invitations.infoValidity")}
            </p>
            <p className="flex items-center gap-2">
              <Repeat className="size-4 text-brand-600" aria-hidden="true" />
              {t("invitations.infoUses")}
            </p>
            <p className="flex items-center gap-2">
              <ShieldCheck className="size-4 text-brand-600" aria-hidden="true" />
              {t("invitations.infoVerify")}
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t("invitations.creating") : t("invitations.create")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
