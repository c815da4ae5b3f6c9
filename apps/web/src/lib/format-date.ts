const pad = (n: number) => String(n).padStart(2, "0");

/** Chinese interfaces read yyyy年MM月dd日 HH:mm (spec §2); English gets the locale's medium date and short time. */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "—";
  if (language.startsWith("zh")) {
    return `${date.getFullYear()}年${pad(date.getMonth() + 1)}月${pad(date.getDate())}日 ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
