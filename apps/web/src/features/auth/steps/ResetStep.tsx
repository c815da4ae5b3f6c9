import { isStrongPassword } from "@essay/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api.ts";
import { describeError } from "../../../lib/error-message.ts";
import { authApi } from "../auth-api.ts";
import { PasswordInput } from "../PasswordInput.tsx";
import { useFinishSignIn } from "../use-finish-sign-in.ts";
import { SendCodeField } from "./SendCodeField.tsx";

/** Forgotten password: a code texted to the phone, a new password (the profile's rules), then signed in. */
export function ResetStep({ phoneNumber }: { phoneNumber: string }) {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [code, setCode] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const reset = useMutation({
    mutationFn: () => authApi.resetPassword(phoneNumber, code, next, confirm),
    onSuccess: (response) => finish(response, t("auth.toast.passwordReset")),
    onError: (error) => {
      const wrongCode = error instanceof ApiError && error.code === "VERIFICATION_CODE_INVALID";
      toast({
        title: wrongCode ? t("auth.toast.codeError") : t("password.toast.failed"),
        description: wrongCode ? t("auth.toast.codeErrorDesc") : describeError(t, error),
        variant: "destructive",
      });
    },
  });
  // Spec §5 order, as on the password tab: all present, then match, then strength.
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code || !next || !confirm) {
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
    reset.mutate();
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <input type="text" autoComplete="username" value={phoneNumber} readOnly hidden />
      <SendCodeField phoneNumber={phoneNumber} purpose="reset" code={code} onCodeChange={setCode} />
      <div className="flex flex-col gap-2">
        <Label htmlFor="reset-new">{t("password.new")}</Label>
        <PasswordInput id="reset-new" value={next} onChange={setNext} autoComplete="new-password" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="reset-confirm">{t("password.confirm")}</Label>
        <PasswordInput id="reset-confirm" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      </div>
      <p className="text-xs text-slate-500">{t("password.tip2")}</p>
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? t("auth.resetting") : t("auth.resetSubmit")}
      </Button>
    </form>
  );
}
