import type { TStudentSubmission } from "@essay/contract";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils.ts";

export type StudentState = TStudentSubmission["state"];

export function StudentStateBadge({ state }: { state: StudentState }) {
  const { t } = useTranslation();
  const tone =
    state === "returned"
      ? "bg-green-100 text-green-800"
      : state === "submitted"
        ? "bg-amber-100 text-amber-800"
        : "bg-slate-100 text-slate-600";
  return (
    <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium", tone)} data-testid="state-badge">
      {t(`student.state.${state}`)}
    </span>
  );
}
