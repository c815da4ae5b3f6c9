import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api.ts";
import { describeError } from "../../../lib/error-message.ts";
import { authApi } from "../auth-api.ts";
import { useFinishSignIn } from "../use-finish-sign-in.ts";
import { SendCodeField } from "./SendCodeField.tsx";

/** Sign in with a code texted to the phone: the way in for an account that has not set its password yet. */
export function CodeStep({ phoneNumber }: { phoneNumber: string }) {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [code, setCode] = useState("");
  const login = useMutation({
    mutationFn: () => authApi.loginCode(phoneNumber, code),
    onSuccess: (response) => finish(response),
    onError: (error) => {
      const wrongCode = error instanceof ApiError && error.code === "VERIFICATION_CODE_INVALID";
      toast({
        title: wrongCode ? t("auth.toast.codeError") : t("auth.toast.loginFailed"),
        description: wrongCode ? t("auth.toast.codeErrorDesc") : describeError(t, error),
        variant: "destructive",
      });
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      toast({ title: t("auth.toast.codeError"), description: t("auth.toast.codeErrorDesc"), variant: "destructive" });
      return;
    }
    login.mutate();
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <SendCodeField phoneNumber={phoneNumber} purpose="login" code={code} onCodeChange={setCode} />
      <Button type="submit" disabled={login.isPending || code.length === 0}>
        {login.isPending ? t("auth.loggingIn") : t("auth.login")}
      </Button>
    </form>
  );
}
