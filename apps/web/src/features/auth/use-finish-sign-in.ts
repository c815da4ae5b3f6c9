import type { TAuthResponse } from "@essay/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "../../components/ui/toast.tsx";
import { setLanguage } from "../../i18n/index.ts";
import { adoptSignedInUser } from "./adopt-signed-in-user.ts";
import { CURRENT_USER_KEY } from "./use-current-user.ts";

/** After any sign-in (password, code, reset): adopt the user, switch language, and lead to the password tab if needed. */
export function useFinishSignIn(): (response: TAuthResponse, successTitle?: string) => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async ({ user: signedIn, requiresPasswordChange }, successTitle) => {
    const user = await adoptSignedInUser(signedIn);
    await setLanguage(user.workLanguage);
    queryClient.setQueryData(CURRENT_USER_KEY, user);
    if (requiresPasswordChange) {
      toast({ title: successTitle ?? t("auth.toast.loginSuccess"), description: t("auth.toast.mustChangePassword") });
      navigate("/profile?tab=password");
    } else {
      toast({ title: successTitle ?? t("auth.toast.loginSuccess"), variant: "success" });
    }
  };
}
