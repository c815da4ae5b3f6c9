import { PASSWORD_MIN_LENGTH } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { setLanguage } from "../../../i18n/index.ts";
import { describeError } from "../../../lib/error-message.ts";
import { adoptSignedInUser } from "../adopt-signed-in-user.ts";
import { authApi } from "../auth-api.ts";
import { PasswordInput } from "../PasswordInput.tsx";
import { CURRENT_USER_KEY } from "../use-current-user.ts";

export function PasswordStep({ phoneNumber }: { phoneNumber: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");

  const login = useMutation({
    mutationFn: () => authApi.loginPassword(phoneNumber, password),
    onSuccess: async ({ user: signedIn, requiresPasswordChange }) => {
      const user = await adoptSignedInUser(signedIn);
      await setLanguage(user.workLanguage);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      if (requiresPasswordChange) {
        toast({ title: t("auth.toast.loginSuccess"), description: t("auth.toast.mustChangePassword") });
        navigate("/profile?tab=password");
      } else {
        toast({ title: t("auth.toast.loginSuccess"), variant: "success" });
      }
    },
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
        <Label htmlFor="password">{t("auth.password")}</Label>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          placeholder={t("auth.passwordPlaceholder")}
          value={password}
          onChange={setPassword}
          autoFocus
        />
        <p className="text-xs text-slate-500">{t("auth.defaultPasswordHint")}</p>
      </div>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t("auth.loggingIn") : t("auth.login")}
      </Button>
    </form>
  );
}
