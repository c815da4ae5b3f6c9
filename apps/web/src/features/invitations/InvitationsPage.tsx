import type { TInvitation } from "@essay/contract";
import { useQuery } from "@tanstack/react-query";
import { LogIn, Plus, RefreshCw, Ticket } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FullPageSpinner, Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { useCurrentUser } from "../auth/use-current-user.ts";
import { CreateInvitationDialog } from "./CreateInvitationDialog.tsx";
import { InvitationCard } from "./InvitationCard.tsx";
import { INVITATIONS_KEY } from "./invitations-api.ts";

/** Spec §9: a signed-out visitor is sent home 3 s after the login-required notice. */
const SIGNED_OUT_REDIRECT_MS = 3000;

function isSessionError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  return error instanceof Error && /401|not logged in/i.test(error.message);
}

export function InvitationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user, isLoading: sessionLoading } = useCurrentUser();
  const [dialogOpen, setDialogOpen] = useState(false);
  const list = useQuery<TInvitation[]>({ queryKey: INVITATIONS_KEY, enabled: Boolean(user), retry: false });
  const signedOut = !sessionLoading && !user;

  useEffect(() => {
    if (!signedOut) return;
    toast({
      title: t("invitations.toast.loginRequired"),
      description: t("invitations.toast.loginRequiredDesc"),
      variant: "destructive",
    });
    const timer = setTimeout(() => navigate("/"), SIGNED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedOut, navigate, t]);

  if (sessionLoading) return <FullPageSpinner label={t("invitations.verifying")} />;

  if (signedOut) {
    return (
      <Card className="mx-auto mt-8 max-w-md" data-testid="login-required">
        <CardHeader>
          <CardTitle>{t("invitations.loginRequired")}</CardTitle>
          <CardDescription>{t("invitations.loginRequiredDesc")}</CardDescription>
        </CardHeader>
        <CardContent className="flex gap-2">
          <Button onClick={() => navigate("/")}>
            <LogIn aria-hidden="true" />
            {t("invitations.goLogin")}
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            {t("common.refresh")}
          </Button>
        </CardContent>
      </Card>
    );
  }

  if (list.isError && isSessionError(list.error)) {
    return (
      <Card className="mx-auto mt-8 max-w-md" data-testid="login-expired">
        <CardHeader>
          <CardTitle>{t("invitations.loginExpired")}</CardTitle>
          <CardDescription>{t("invitations.loginExpiredDesc")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => window.location.assign("/")}>{t("common.backToHome")}</Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("invitations.title")}</h1>
          <p className="text-slate-600">{t("invitations.subtitle")}</p>
        </div>
        <Button onClick={() => setDialogOpen(true)} data-testid="create-invitation">
          <Plus aria-hidden="true" />
          {t("invitations.create")}
        </Button>
      </div>
      {list.isLoading ? (
        <div className="flex justify-center py-12">
          <Spinner label={t("invitations.loading")} />
        </div>
      ) : list.isError ? (
        <Card>
          <CardContent className="flex items-center justify-between gap-4 pt-6">
            <p className="text-sm text-red-700">{list.error.message}</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              {t("common.retry")}
            </Button>
          </CardContent>
        </Card>
      ) : list.data && list.data.length > 0 ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.data.map((invitation) => (
            <InvitationCard key={invitation.id} invitation={invitation} />
          ))}
        </div>
      ) : (
        <Card className="border-dashed" data-testid="invitations-empty">
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Ticket className="size-10 text-slate-400" aria-hidden="true" />
            <p className="font-medium">{t("invitations.empty")}</p>
            <p className="max-w-sm text-sm text-slate-500">{t("invitations.emptyDesc")}</p>
            <Button onClick={() => setDialogOpen(true)}>
              <Plus aria-hidden="true" />
              {t("invitations.createFirst")}
            </Button>
          </CardContent>
        </Card>
      )}
      <CreateInvitationDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
