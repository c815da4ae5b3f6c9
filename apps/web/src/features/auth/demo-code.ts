import type { TSendVerificationCodeResponse } from "@essay/contract";
import type { TFunction } from "i18next";
import { toast } from "../../components/ui/toast.tsx";

/**
 * Where the code went. The demo provider hands registration and phone-change codes back (the spec's demo notice);
 * sign-in and reset codes it keeps in the server's outbox for the administrator, never on screen.
 */
export function showSentCode(
  t: TFunction,
  response: Pick<TSendVerificationCodeResponse, "verificationCode"> & { delivery?: string },
): void {
  if (response.verificationCode) {
    toast({
      title: t("common.demoNotice"),
      description: t("common.demoCode", { code: response.verificationCode }),
      duration: 15_000,
    });
  } else if (response.delivery === "outbox") {
    toast({ title: t("common.demoNotice"), description: t("auth.toast.codeInOutbox"), duration: 15_000 });
  } else {
    toast({ title: t("auth.toast.codeSent"), variant: "success" });
  }
}
