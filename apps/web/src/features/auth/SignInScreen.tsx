import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { InvitationStep } from "./steps/InvitationStep.tsx";
import { PasswordStep } from "./steps/PasswordStep.tsx";
import { PersonalInfoStep } from "./steps/PersonalInfoStep.tsx";
import { PhoneStep } from "./steps/PhoneStep.tsx";
import { VerifyStep } from "./steps/VerifyStep.tsx";

export type SignInStep = "phone" | "password" | "invitation-code" | "verify-phone" | "personal-info";

/** Spec §2: back goes password → phone, invitation-code → phone, verify-phone → invitation-code, personal-info → verify-phone. */
const BACK: Record<SignInStep, SignInStep | null> = {
  phone: null,
  password: "phone",
  "invitation-code": "phone",
  "verify-phone": "invitation-code",
  "personal-info": "verify-phone",
};

const PROMPT: Record<SignInStep, string> = {
  phone: "auth.steps.phone",
  password: "auth.steps.password",
  "invitation-code": "auth.steps.invitation",
  "verify-phone": "auth.steps.verify",
  "personal-info": "auth.steps.info",
};

export const DIAL_CODE = "+86";

export function SignInScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<SignInStep>("phone");
  const [phone, setPhone] = useState("");
  const [invitationCode, setInvitationCode] = useState("");
  const [verificationCode, setVerificationCode] = useState("");
  const fullPhone = `${DIAL_CODE}${phone}`;
  const back = BACK[step];

  return (
    <Card className="w-full max-w-md" data-testid="sign-in" data-step={step}>
      <CardHeader>
        {back ? (
          <Button variant="ghost" size="sm" className="-ml-2 mb-1 self-start" onClick={() => setStep(back)}>
            <ArrowLeft aria-hidden="true" />
            {t("common.back")}
          </Button>
        ) : null}
        <CardTitle>{t("auth.welcome")}</CardTitle>
        <p className="text-sm font-medium text-brand-700">{t("app.subtitle")}</p>
        <CardDescription>{t(PROMPT[step], { phone: `${DIAL_CODE} ${phone}` })}</CardDescription>
      </CardHeader>
      <CardContent>
        {step === "phone" ? (
          <PhoneStep
            phone={phone}
            onPhoneChange={setPhone}
            onExistingUser={() => setStep("password")}
            onNewUser={() => setStep("invitation-code")}
          />
        ) : null}
        {step === "password" ? <PasswordStep phoneNumber={fullPhone} /> : null}
        {step === "invitation-code" ? (
          <InvitationStep
            phoneNumber={fullPhone}
            code={invitationCode}
            onCodeChange={setInvitationCode}
            onValidated={() => setStep("verify-phone")}
          />
        ) : null}
        {step === "verify-phone" ? (
          <VerifyStep
            phoneNumber={fullPhone}
            code={verificationCode}
            onCodeChange={setVerificationCode}
            onVerified={() => setStep("personal-info")}
          />
        ) : null}
        {step === "personal-info" ? (
          <PersonalInfoStep
            phoneNumber={fullPhone}
            invitationCode={invitationCode}
            verificationCode={verificationCode}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
