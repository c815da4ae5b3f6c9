import { INVITATION_CODE_LENGTH, type TRole } from "@essay/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { describeError } from "../../../lib/error-message.ts";
import { authApi } from "../auth-api.ts";
import { showSentCode } from "../demo-code.ts";

interface Props {
  phoneNumber: string;
  code: string;
  onCodeChange: (value: string) => void;
  /** With the role the inviter chose for this account. */
  onValidated: (role: TRole) => void;
}

export function InvitationStep({ phoneNumber, code, onCodeChange, onValidated }: Props) {
  const { t } = useTranslation();

  const validate = useMutation({
    mutationFn: () => authApi.validateInvitation(code.trim(), phoneNumber),
    onError: (error) =>
      toast({ title: t("auth.toast.invitationFailed"), description: describeError(t, error), variant: "destructive" }),
    onSuccess: async ({ role }) => {
      // The invitation is good: the code for this phone is generated and kept on the server.
      try {
        showSentCode(t, await authApi.sendCode(phoneNumber, "register"));
        onValidated(role);
      } catch (error) {
        toast({ title: t("auth.toast.sendFailed"), description: describeError(t, error), variant: "destructive" });
      }
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (code.trim().length !== INVITATION_CODE_LENGTH) {
      toast({ title: t("auth.toast.invitationFormat"), variant: "destructive" });
      return;
    }
    validate.mutate();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="invitation-code">{t("auth.invitationCode")}</Label>
        <Input
          id="invitation-code"
          className="font-mono uppercase tracking-widest"
          maxLength={INVITATION_CODE_LENGTH + 2}
          placeholder={t("auth.invitationPlaceholder")}
          value={code}
          onChange={(e) => onCodeChange(e.target.value.toUpperCase())}
          autoComplete="off"
          autoFocus
        />
      </div>
      <Button type="submit" disabled={validate.isPending}>
        {validate.isPending ? t("auth.validating") : t("auth.validate")}
      </Button>
    </form>
  );
}
