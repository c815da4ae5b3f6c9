import { invitationBadge, type TInvitation, type TInvitationBadge } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Copy, Phone, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { formatDateTime } from "../../lib/format-date.ts";
import { cn } from "../../lib/utils.ts";
import { INVITATIONS_KEY, invitationsApi } from "./invitations-api.ts";

const BADGE_STYLE: Record<TInvitationBadge, string> = {
  used_up: "bg-slate-200 text-slate-700",
  expired: "bg-amber-100 text-amber-800",
  available: "bg-green-100 text-green-800",
  disabled: "bg-red-100 text-red-700",
};

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

export function InvitationCard({ invitation }: { invitation: TInvitation }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const badge = invitationBadge(invitation);

  const remove = useMutation({
    mutationFn: () => invitationsApi.remove(invitation.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      toast({
        title: t("invitations.toast.deleted"),
        description: t("invitations.toast.deletedDesc"),
        variant: "success",
      });
    },
    onError: () => toast({ title: t("invitations.toast.deleteFailed"), variant: "destructive" }),
  });

  const copy = async () => {
    try {
      await copyText(invitation.code);
      toast({ title: t("invitations.toast.copied"), description: invitation.code, variant: "success" });
    } catch (error) {
      console.error("copy failed", error);
    }
  };

  return (
    <Card data-testid="invitation-card" data-code={invitation.code}>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <code className="rounded bg-slate-100 px-2 py-1 font-mono text-lg font-semibold tracking-widest">
              {invitation.code}
            </code>
            <Button variant="ghost" size="icon" onClick={() => void copy()} aria-label={t("invitations.copy")}>
              <Copy aria-hidden="true" />
            </Button>
          </div>
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium", BADGE_STYLE[badge])} data-badge={badge}>
            {t(`invitations.badge.${badge}`)}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">{t("invitations.invitedPhone")}</dt>
          <dd className="font-medium">{invitation.invitedPhone}</dd>
          <dt className="text-slate-500">{t("invitations.role")}</dt>
          <dd className="font-medium" data-testid="invitation-role">
            {t(invitation.role === "student" ? "auth.roleStudent" : "auth.roleTeacher")}
          </dd>
          <dt className="text-slate-500">{t("invitations.usage")}</dt>
          <dd className="font-medium">
            {invitation.usedCount}/{invitation.maxUses}
          </dd>
          <dt className="text-slate-500">{t("invitations.expiresAt")}</dt>
          <dd>{formatDateTime(invitation.expiresAt, i18n.language)}</dd>
          <dt className="text-slate-500">{t("invitations.createdAt")}</dt>
          <dd>{formatDateTime(invitation.createdAt, i18n.language)}</dd>
        </dl>
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <p className="flex items-center gap-1.5 text-xs text-slate-500">
            <Phone className="size-3.5" aria-hidden="true" />
            {t("invitations.activationPhone", { phone: invitation.invitedPhone })}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 hover:bg-red-50"
            disabled={remove.isPending || !invitation.isActive}
            onClick={() => {
              // deleting stops the code at once and cannot be undone: ask first
              if (window.confirm(t("invitations.deleteConfirm", { phone: invitation.invitedPhone }))) remove.mutate();
            }}
            data-testid="delete-invitation"
          >
            <Trash2 aria-hidden="true" />
            {t("invitations.delete")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
