import { PASSWORD_MIN_LENGTH } from "@essay/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { describeError } from "../../../lib/error-message.ts";
import { authApi } from "../auth-api.ts";
import { PasswordInput } from "../PasswordInput.tsx";
import { useFinishSignIn } from "../use-finish-sign-in.ts";

interface Props {
  phoneNumber: string;
  /** Spec "login by verification code": the alternative to the password. */
  onUseCode: () => void;
  onForgot: () => void;
}

export function PasswordStep({ phoneNumber, onUseCode, onForgot }: Props) {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [password, setPassword] = useState("");

  const login = useMutation({
    mutationFn: () => authApi.loginPassword(phoneNumber, password),
    onSuccess: (response) => finish(response),
    onError: (error) =>
      toast({ title: t("auth.toast.loginFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast({
        title: t("auth.toast.passwordError"),
        description: t("auth.toast.passwordTooShort"),
        variant: "destructive",
      });
      return;
    }
    login.mutate();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {/* Lets password managers pair the password with the phone number. */}
      <input type="text" autoComplete="username" value={phoneNumber} readOnly hidden />
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="password">{t("auth.password")}</Label>
          <button
            type="button"
            className="text-sm text-brand-700 underline-offset-2 hover:underline"
            onClick={onForgot}
            data-testid="forgot-password"
          >
            {t("auth.forgot")}
          </button>
        </div>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          placeholder={t("auth.passwordPlaceholder")}
          value={password}
          onChange={setPassword}
          autoFocus
        />
      </div>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t("auth.loggingIn") : t("auth.login")}
      </Button>
      <Button type="button" variant="outline" onClick={onUseCode} data-testid="use-code">
        {t("auth.useCode")}
      </Button>
    </form>
  );
}
