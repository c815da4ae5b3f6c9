import { AlertCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-8 max-w-md" data-testid="not-found">
      <CardHeader>
        <div className="flex items-center gap-2">
          <AlertCircle className="size-8 text-red-500" aria-hidden="true" />
          <CardTitle>{t("notFound.title")}</CardTitle>
        </div>
        <CardDescription>{t("notFound.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/">{t("notFound.home")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
