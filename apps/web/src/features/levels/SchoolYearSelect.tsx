import { SCHOOL_YEARS, type TSchoolYear } from "@essay/contract";
import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "../../components/ui/select.tsx";

const STAGES = [
  { key: "primary", years: SCHOOL_YEARS.filter((y) => y <= 6) },
  { key: "junior", years: SCHOOL_YEARS.filter((y) => y >= 7 && y <= 9) },
  { key: "senior", years: SCHOOL_YEARS.filter((y) => y >= 10) },
] as const;

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  value: TSchoolYear | null;
  onChange: (year: TSchoolYear | null) => void;
  /** Offer "not set" (an existing record without a level); otherwise a prompt to choose. */
  allowUnset?: boolean;
};

/** School year 1–12 in the stages of Chinese schooling (小学 / 初中 / 高中). */
export function SchoolYearSelect({ value, onChange, allowUnset = false, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      {...props}
      value={value === null ? "" : String(value)}
      onChange={(e) => onChange(e.target.value ? (Number(e.target.value) as TSchoolYear) : null)}
    >
      <option value="" disabled={!allowUnset}>
        {allowUnset ? t("levels.unknown") : t("levels.choose")}
      </option>
      {STAGES.map((stage) => (
        <optgroup key={stage.key} label={t(`levels.stage.${stage.key}`)}>
          {stage.years.map((y) => (
            <option key={y} value={y}>
              {t(`levels.year.${y}`)}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}
