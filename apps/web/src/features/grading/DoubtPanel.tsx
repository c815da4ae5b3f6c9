import { Check, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import type { PageReading } from "./doubts.ts";

/** Height the line is shown at, and how many line heights of the line either side of the character. */
const CROP_HEIGHT = 72;
const CONTEXT_LINES = 4;

/** The stretch of the page photo around one character: its line, a few characters either side, the character boxed. */
export function LineCrop({
  src,
  photo,
  reading,
  label,
}: {
  src: string;
  photo: { width: number; height: number };
  reading: Pick<PageReading, "box" | "lineBox">;
  label: string;
}) {
  const [bx0, by0, bx1, by1] = reading.box;
  const [lx0, ly0, lx1, ly1] = reading.lineBox;
  const lineHeight = Math.max(1, ly1 - ly0);
  const pad = lineHeight * 0.15;
  const centre = (bx0 + bx1) / 2;
  const x0 = Math.max(0, Math.max(lx0 - pad, centre - CONTEXT_LINES * lineHeight));
  const x1 = Math.min(photo.width, Math.min(lx1 + pad, centre + CONTEXT_LINES * lineHeight));
  const y0 = Math.max(0, Math.min(ly0, by0) - pad);
  const y1 = Math.min(photo.height, Math.max(ly1, by1) + pad);
  const scale = CROP_HEIGHT / Math.max(1, y1 - y0);
  return (
    <div className="max-w-full overflow-x-auto">
      <div
        role="img"
        aria-label={label}
        data-testid="doubt-crop"
        className="relative overflow-hidden rounded border border-slate-300 bg-white"
        style={{ width: Math.round((x1 - x0) * scale), height: CROP_HEIGHT }}
      >
        <img
          src={src}
          alt=""
          draggable={false}
          className="absolute max-w-none select-none"
          style={{ left: -x0 * scale, top: -y0 * scale, width: photo.width * scale, height: photo.height * scale }}
        />
        <div
          className="absolute rounded-sm border-2 border-amber-500 bg-amber-300/20"
          style={{
            left: (bx0 - x0) * scale,
            top: (by0 - y0) * scale,
            width: (bx1 - bx0) * scale,
            height: (by1 - by0) * scale,
          }}
        />
      </div>
    </div>
  );
}

/**
 * A doubtful character opened: where it stands on the photo (page, line, the crop), how sure the recogniser was,
 * its next best readings to pick, and "the reading is right".
 */
export function DoubtPanel({
  reading,
  text,
  page,
  onAccept,
  onReplace,
  onClose,
}: {
  reading: PageReading;
  /** The character as the text has it now. */
  text: string;
  page: { number: number; imageUrl: string; width: number; height: number };
  onAccept: () => void;
  onReplace: (replacement: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const position = t("grading.doubt.position", { page: page.number, line: reading.line + 1 });
  const alternatives = (reading.alternatives ?? []).filter((a) => a.text !== text).slice(0, 4);
  return (
    <section
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="doubt-panel"
      aria-label={t("grading.doubt.title", { char: text })}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-amber-900">{t("grading.doubt.title", { char: text })}</span>
        <span className="text-xs text-slate-600">
          {position} · {t("grading.doubt.confidence", { value: Math.round(reading.confidence * 100) })}
        </span>
        <Button size="icon" variant="ghost" className="ml-auto size-7" aria-label={t("common.close")} onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <LineCrop src={page.imageUrl} photo={page} reading={reading} label={t("grading.doubt.crop", { position })} />
      <div className="flex flex-wrap items-center gap-2">
        {alternatives.length > 0 ? (
          <span className="text-xs text-slate-600">{t("grading.doubt.alternatives")}</span>
        ) : (
          <span className="text-xs text-slate-600">{t("grading.doubt.noAlternatives")}</span>
        )}
        {alternatives.map((a, i) => (
          <Button
            key={a.text}
            size="sm"
            variant="outline"
            data-testid="doubt-alternative"
            title={t("grading.doubt.replaceKey", { n: i + 1 })}
            onClick={() => onReplace(a.text)}
          >
            <span className="font-mono text-base">{a.text}</span>
            <span className="text-xs text-slate-500">{Math.round(a.confidence * 100)}%</span>
          </Button>
        ))}
        <Button size="sm" className="ml-auto" data-testid="doubt-accept" title="Alt+Enter" onClick={onAccept}>
          <Check aria-hidden="true" />
          {t("grading.doubt.accept")}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{t("grading.doubt.keys")}</p>
    </section>
  );
}
