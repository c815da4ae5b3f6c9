import { GENRES, PRACTICAL_GENRES, type TGenre } from "@essay/contract";
import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "../../components/ui/select.tsx";

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  value: TGenre | null;
  onChange: (genre: TGenre | null) => void;
  /** What "recognise from the topic" currently gives, shown in that option. */
  recognised?: TGenre;
};

/** The genre of the task: recognised from the topic (default), an essay genre, or practical writing. */
export function GenreSelect({ value, onChange, recognised, ...props }: Props) {
  const { t } = useTranslation();
  const essays = GENRES.filter((g) => !PRACTICAL_GENRES.includes(g));
  return (
    <NativeSelect {...props} value={value ?? ""} onChange={(e) => onChange((e.target.value || null) as TGenre | null)}>
      <option value="">
        {recognised ? t("levels.autoAs", { genre: t(`levels.genres.${recognised}`) }) : t("levels.auto")}
      </option>
      {essays.map((g) => (
        <option key={g} value={g}>
          {t(`levels.genres.${g}`)}
        </option>
      ))}
      <optgroup label={t("levels.practical")}>
        {PRACTICAL_GENRES.map((g) => (
          <option key={g} value={g}>
            {t(`levels.genres.${g}`)}
          </option>
        ))}
      </optgroup>
    </NativeSelect>
  );
}
