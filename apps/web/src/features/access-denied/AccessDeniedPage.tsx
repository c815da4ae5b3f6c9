import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";

/** Shown for pages the account's role may not open; the server refuses the same calls with 403. */
export function AccessDeniedPage({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-8 max-w-md" data-testid="access-denied">
      <CardHeader>
        <div className="flex items-center gap-2">
          <ShieldAlert className="size-8 text-red-500" aria-hidden="true" />
          <CardTitle>{t("accessDenied.title")}</CardTitle>
        </div>
        <CardDescription>{t("accessDenied.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={home}>{t("accessDenied.home")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
