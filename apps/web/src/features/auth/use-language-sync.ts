import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../../i18n/index.ts";
import { useCurrentUser } from "./use-current-user.ts";

/** Spec §7: a loaded user sets the interface language to their work language. */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const workLanguage = user?.workLanguage;
  useEffect(() => {
    if (workLanguage && workLanguage !== i18n.language) void setLanguage(workLanguage);
  }, [workLanguage, i18n]);
}
