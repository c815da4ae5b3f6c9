import { useTranslation } from "react-i18next";

export function GradingPage() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold">{t("grading.title")}</h1>
      <p className="text-slate-600">{t("grading.intro")}</p>
    </section>
  );
}
