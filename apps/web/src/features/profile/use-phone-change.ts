import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { authApi } from "../auth/auth-api.ts";
import { showSentCode } from "../auth/demo-code.ts";

/** Spec §4: none → verify-old → verify-new → complete; cancel at any step returns to none. */
export type PhoneChangeState = "none" | "verify-old" | "verify-new" | "complete";

class WrongCodeError extends Error {}

export function usePhoneChange(savedPhone: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<PhoneChangeState>("none");
  const [oldCode, setOldCode] = useState("");
  const [newCode, setNewCode] = useState("");
  const [targetPhone, setTargetPhone] = useState("");

  const wrongCode = () =>
    toast({ title: t("auth.toast.codeError"), description: t("auth.toast.codeErrorDesc"), variant: "destructive" });
  const sendFailed = (error: unknown) =>
    toast({ title: t("auth.toast.sendFailed"), description: describeError(t, error), variant: "destructive" });

  const start = useMutation({
    mutationFn: async (newPhone: string) => {
      setTargetPhone(newPhone);
      return authApi.verifyOldPhone(savedPhone);
    },
    onSuccess: (response) => {
      showSentCode(t, response);
      setState("verify-old");
    },
    onError: sendFailed,
  });

  const confirmOld = useMutation({
    mutationFn: async () => {
      try {
        await authApi.checkCode(savedPhone, "change_old", oldCode);
      } catch {
        throw new WrongCodeError();
      }
      return authApi.verifyNewPhone(targetPhone);
    },
    onSuccess: (response) => {
      toast({ title: t("profile.toast.oldVerified"), variant: "success" });
      showSentCode(t, response);
      setState("verify-new");
    },
    onError: (error) => (error instanceof WrongCodeError ? wrongCode() : sendFailed(error)),
  });

  const confirmNew = useMutation({
    mutationFn: () => authApi.checkCode(targetPhone, "change_new", newCode),
    onSuccess: () => {
      toast({
        title: t("profile.toast.phoneVerified"),
        description: t("profile.toast.phoneVerifiedDesc"),
        variant: "success",
      });
      setState("complete");
    },
    onError: wrongCode,
  });

  const reset = () => {
    setState("none");
    setOldCode("");
    setNewCode("");
    setTargetPhone("");
  };

  return {
    state,
    targetPhone,
    oldCode,
    setOldCode,
    newCode,
    setNewCode,
    start: (newPhone: string) => start.mutate(newPhone),
    confirmOld: () => confirmOld.mutate(),
    confirmNew: () => confirmNew.mutate(),
    reset,
    busy: start.isPending || confirmOld.isPending || confirmNew.isPending,
    inProgress: state === "verify-old" || state === "verify-new",
  };
}
