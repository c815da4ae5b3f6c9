import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api.ts";
import { describeError } from "../../../lib/error-message.ts";
import { authApi } from "../auth-api.ts";
import { showSentCode } from "../demo-code.ts";
import { useCountdown } from "../use-countdown.ts";

interface Props {
  phoneNumber: string;
  code: string;
  onCodeChange: (value: string) => void;
  onVerified: () => void;
}

const RESEND_SECONDS = 60;

export function VerifyStep({ phoneNumber, code, onCodeChange, onVerified }: Props) {
  const { t } = useTranslation();
  const [secondsLeft, startCountdown] = useCountdown();
  useEffect(() => startCountdown(RESEND_SECONDS), [startCountdown]);

  const verify = useMutation({
    mutationFn: () => authApi.checkCode(phoneNumber, "register", code),
    onSuccess: onVerified,
    onError: (error) => {
      const wrongCode = error instanceof ApiError && error.code === "VERIFICATION_CODE_INVALID";
      toast({
        title: t("auth.toast.codeError"),
        description: wrongCode ? t("auth.toast.codeErrorDesc") : describeError(t, error),
        variant: "destructive",
      });
    },
  });

  const resend = useMutation({
    mutationFn: () => authApi.sendCode(phoneNumber, "register"),
    onSuccess: (response) => {
      showSentCode(t, response);
      startCountdown(RESEND_SECONDS);
    },
    onError: (error) =>
      toast({ title: t("auth.toast.sendFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      toast({ title: t("auth.toast.codeError"), description: t("auth.toast.codeErrorDesc"), variant: "destructive" });
      return;
    }
    verify.mutate();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="verification-code">{t("auth.code")}</Label>
        <div className="flex gap-2">
          <Input
            id="verification-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="font-mono tracking-widest"
            placeholder={t("auth.codePlaceholder")}
            value={code}
            onChange={(e) => onCodeChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
            autoFocus
          />
          <Button
            variant="outline"
            disabled={secondsLeft > 0 || resend.isPending}
            onClick={() => resend.mutate()}
            className="shrink-0"
          >
            {secondsLeft > 0 ? t("auth.resendIn", { seconds: secondsLeft }) : t("auth.resend")}
          </Button>
        </div>
      </div>
      <Button type="submit" disabled={verify.isPending || code.length === 0}>
        {verify.isPending ? t("auth.verifying") : t("auth.verify")}
      </Button>
    </form>
  );
}
