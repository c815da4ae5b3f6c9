import { CALIBRATION_NOTICE_AT, type TManuscript } from "@essay/contract";
import { Scale } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * Within an assignment the teacher's scores calibrate the grader: the screen says so from the third one on, says
 * when this grade was calibrated on them, and before that how many more it takes.
 */
export function CalibrationNote({ manuscript }: { manuscript: TManuscript }) {
  const { t } = useTranslation();
  const c = manuscript.calibration;
  if (!c) return null;
  let text: string | null = null;
  if (c.calibratedOn >= CALIBRATION_NOTICE_AT) text = t("grading.result.calibrated", { count: c.calibratedOn });
  else if (c.teacherScored >= CALIBRATION_NOTICE_AT)
    text = t("grading.result.calibrationReady", { count: c.teacherScored });
  else if (c.teacherScored > 0) {
    text = t("grading.result.calibrationPending", { count: CALIBRATION_NOTICE_AT - c.teacherScored });
  }
  if (!text) return null;
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-800"
      data-testid="calibration-note"
    >
      <Scale className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
