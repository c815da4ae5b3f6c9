import { MAINLAND_DIAL_CODE, type TRole } from "@essay/contract";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { CodeStep } from "./steps/CodeStep.tsx";
import { InvitationStep } from "./steps/InvitationStep.tsx";
import { PasswordStep } from "./steps/PasswordStep.tsx";
import { PersonalInfoStep } from "./steps/PersonalInfoStep.tsx";
import { PhoneStep } from "./steps/PhoneStep.tsx";
import { ResetStep } from "./steps/ResetStep.tsx";
import { VerifyStep } from "./steps/VerifyStep.tsx";

export type SignInStep = "phone" | "password" | "code" | "reset" | "invitation-code" | "verify-phone" | "personal-info";

/**
 * Spec §2: back goes password → phone, invitation-code → phone, verify-phone → invitation-code, personal-info →
 * verify-phone. Signing in by code and resetting a forgotten password are reached from the password step.
 */
const BACK: Record<SignInStep, SignInStep | null> = {
  phone: null,
  password: "phone",
  code: "password",
  reset: "password",
  "invitation-code": "phone",
  "verify-phone": "invitation-code",
  "personal-info": "verify-phone",
};

const PROMPT: Record<SignInStep, string> = {
  phone: "auth.steps.phone",
  password: "auth.steps.password",
  code: "auth.steps.code",
  reset: "auth.steps.reset",
  "invitation-code": "auth.steps.invitation",
  "verify-phone": "auth.steps.verify",
  "personal-info": "auth.steps.info",
};

export function SignInScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<SignInStep>("phone");
  const [country, setCountry] = useState("CN");
  const [dialCode, setDialCode] = useState<string>(MAINLAND_DIAL_CODE);
  const [phone, setPhone] = useState("");
  const [invitationCode, setInvitationCode] = useState("");
  const [verificationCode, setVerificationCode] = useState("");
  const [role, setRole] = useState<TRole>("teacher");
  const fullPhone = `${dialCode}${phone}`;
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
        <CardDescription>{t(PROMPT[step], { phone: `${dialCode} ${phone}` })}</CardDescription>
      </CardHeader>
      <CardContent>
        {step === "phone" ? (
          <PhoneStep
            country={country}
            dialCode={dialCode}
            onCountryChange={(code, dial) => {
              setCountry(code);
              setDialCode(dial);
              setPhone("");
            }}
            phone={phone}
            onPhoneChange={setPhone}
            onExistingUser={() => setStep("password")}
            onNewUser={() => setStep("invitation-code")}
          />
        ) : null}
        {step === "password" ? (
          <PasswordStep phoneNumber={fullPhone} onUseCode={() => setStep("code")} onForgot={() => setStep("reset")} />
        ) : null}
        {step === "code" ? <CodeStep phoneNumber={fullPhone} /> : null}
        {step === "reset" ? <ResetStep phoneNumber={fullPhone} /> : null}
        {step === "invitation-code" ? (
          <InvitationStep
            phoneNumber={fullPhone}
            code={invitationCode}
            onCodeChange={setInvitationCode}
            onValidated={(invitedRole) => {
              setRole(invitedRole);
              setStep("verify-phone");
            }}
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
            role={role}
            country={country}
            invitationCode={invitationCode}
            verificationCode={verificationCode}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
