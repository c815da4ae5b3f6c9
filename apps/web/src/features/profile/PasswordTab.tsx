import { isStrongPassword, type TUser } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { authApi } from "../auth/auth-api.ts";
import { PasswordInput } from "../auth/PasswordInput.tsx";
import { CURRENT_USER_KEY } from "../auth/use-current-user.ts";

/** Spec §4: after a successful change, home 1.5 s later. */
const REDIRECT_AFTER_CHANGE_MS = 1500;

export function PasswordTab({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  // a new account (or one signed in by code that never set one) has no password to confirm
  const firstPassword = !user.hasCustomPassword;

  const change = useMutation({
    mutationFn: () => authApi.changePassword(firstPassword ? undefined : current, next, confirm),
    onSuccess: () => {
      setCurrent("");
      setNext("");
      setConfirm("");
      toast({ title: t("password.toast.changed"), description: t("password.toast.changedDesc"), variant: "success" });
      queryClient.setQueryData<TUser | null>(CURRENT_USER_KEY, (u) => (u ? { ...u, hasCustomPassword: true } : u));
      setTimeout(() => navigate("/"), REDIRECT_AFTER_CHANGE_MS);
    },
    onError: (error) =>
      toast({ title: t("password.toast.failed"), description: describeError(t, error), variant: "destructive" }),
  });

  // Spec §5: all present, then match, then strength — in this order.
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if ((!firstPassword && !current) || !next || !confirm) {
      toast({
        title: t("password.toast.incomplete"),
        description: t("password.toast.incompleteDesc"),
        variant: "destructive",
      });
      return;
    }
    if (next !== confirm) {
      toast({ title: t("password.toast.mismatch"), variant: "destructive" });
      return;
    }
    if (!isStrongPassword(next)) {
      toast({ title: t("password.toast.weak"), description: t("password.toast.weakDesc"), variant: "destructive" });
      return;
    }
    change.mutate();
  };

  const fields = [
    ...(firstPassword
      ? []
      : [
          {
            id: "current-password",
            label: t("password.current"),
            value: current,
            set: setCurrent,
            auto: "current-password",
          },
        ]),
    { id: "new-password", label: t("password.new"), value: next, set: setNext, auto: "new-password" },
    { id: "confirm-password", label: t("password.confirm"), value: confirm, set: setConfirm, auto: "new-password" },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{firstPassword ? t("password.firstTitle") : t("password.title")}</CardTitle>
        <CardDescription>{t("password.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {!user.hasCustomPassword ? (
          <div
            className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
            role="alert"
            data-testid="default-password-warning"
          >
            <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{t("password.defaultWarningTitle")}</p>
              <p className="text-sm">{t("password.firstWarning")}</p>
            </div>
          </div>
        ) : null}
        <form className="flex max-w-md flex-col gap-4" onSubmit={submit} noValidate>
          <input type="text" autoComplete="username" value={user.phoneNumber} readOnly hidden />
          {fields.map((f) => (
            <div key={f.id} className="flex flex-col gap-2">
              <Label htmlFor={f.id}>{f.label}</Label>
              <PasswordInput id={f.id} value={f.value} onChange={f.set} autoComplete={f.auto} />
            </div>
          ))}
          <div className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
            <p className="mb-1 flex items-center gap-2 font-semibold text-brand-700">
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t("password.tipsTitle")}
            </p>
            <ul className="list-disc pl-6">
              <li>{t("password.tip1")}</li>
              <li>{t("password.tip2")}</li>
              <li>{t("password.tip3")}</li>
            </ul>
          </div>
          <Button type="submit" disabled={change.isPending} className="self-start">
            {change.isPending ? t("password.changing") : firstPassword ? t("password.setSubmit") : t("password.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
