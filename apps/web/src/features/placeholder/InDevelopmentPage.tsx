import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";

export function InDevelopmentPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="items-center text-center">
        <Construction className="mb-2 size-10 text-amber-500" aria-hidden="true" />
        <CardTitle>{t(titleKey)}</CardTitle>
        <CardDescription>{t("placeholder.description")}</CardDescription>
      </CardHeader>
      <CardContent className="text-center">
        <span className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800">
          {t("placeholder.title")}
        </span>
      </CardContent>
    </Card>
  );
}
