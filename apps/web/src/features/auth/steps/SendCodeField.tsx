import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { describeError } from "../../../lib/error-message.ts";
import { authApi } from "../auth-api.ts";
import { showSentCode } from "../demo-code.ts";
import { useCountdown } from "../use-countdown.ts";

const RESEND_SECONDS = 60;

interface Props {
  phoneNumber: string;
  purpose: "login" | "reset";
  code: string;
  onCodeChange: (value: string) => void;
}

/** The 6-digit code field with its send button (60 s before another send, as the server enforces). */
export function SendCodeField({ phoneNumber, purpose, code, onCodeChange }: Props) {
  const { t } = useTranslation();
  const [secondsLeft, startCountdown] = useCountdown();
  const send = useMutation({
    mutationFn: () => authApi.sendCode(phoneNumber, purpose),
    onSuccess: (response) => {
      showSentCode(t, response);
      startCountdown(RESEND_SECONDS);
    },
    onError: (error) =>
      toast({ title: t("auth.toast.sendFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  const sent = send.isSuccess;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${purpose}-code`}>{t("auth.code")}</Label>
      <div className="flex gap-2">
        <Input
          id={`${purpose}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="font-mono tracking-widest"
          placeholder={t("auth.codePlaceholder")}
          value={code}
          onChange={(e) => onCodeChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
        />
        <Button
          type="button"
          variant="outline"
          disabled={secondsLeft > 0 || send.isPending}
          onClick={() => send.mutate()}
          className="shrink-0"
          data-testid="send-code"
        >
          {secondsLeft > 0
            ? t("auth.resendIn", { seconds: secondsLeft })
            : sent
              ? t("auth.resend")
              : t("auth.sendCode")}
        </Button>
      </div>
    </div>
  );
}
