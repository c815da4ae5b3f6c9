import type { TFunction } from "i18next";
import { toast } from "../../components/ui/toast.tsx";

/** The demo SMS provider hands the code back instead of texting it; show it as the spec's demo notice. */
export function showSentCode(t: TFunction, response: { verificationCode?: string }): void {
  if (response.verificationCode) {
    toast({
      title: t("common.demoNotice"),
      description: t("common.demoCode", { code: response.verificationCode }),
      duration: 15_000,
    });
  } else {
    toast({ title: t("auth.toast.codeSent"), variant: "success" });
  }
}
