import { useTranslation } from "react-i18next";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";

export function SignInScreen() {
  const { t } = useTranslation();
  return (
    <Card className="w-full max-w-md" data-testid="sign-in">
      <CardHeader>
        <CardTitle>{t("app.title")}</CardTitle>
        <CardDescription>{t("app.subtitle")}</CardDescription>
      </CardHeader>
    </Card>
  );
}
