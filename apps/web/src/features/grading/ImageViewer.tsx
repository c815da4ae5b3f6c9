import { ZoomIn, ZoomOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "../../components/ui/dialog.tsx";

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3];

/** The essay photo; click opens it large with zoom so the teacher can read small handwriting. */
export function ImageViewer({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(2);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="group relative block w-full overflow-hidden rounded-md border border-slate-200 bg-slate-100"
          title={t("grading.confirm.enlarge")}
          data-testid="original-image"
        >
          <img src={src} alt={alt} className="max-h-[480px] w-full object-contain" />
          <span className="absolute bottom-2 right-2 rounded bg-black/60 px-2 py-1 text-xs text-white opacity-80 group-hover:opacity-100">
            {t("grading.confirm.enlarge")}
          </span>
        </button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")} className="max-w-[95vw] sm:max-w-[90vw]">
        <DialogTitle className="mb-3">{alt}</DialogTitle>
        <div className="mb-3 flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t("grading.confirm.zoomOut")}
            disabled={zoom === 0}
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <span className="w-14 text-center text-sm tabular-nums">{Math.round(ZOOM_STEPS[zoom]! * 100)}%</span>
          <Button
            variant="outline"
            size="icon"
            aria-label={t("grading.confirm.zoomIn")}
            disabled={zoom === ZOOM_STEPS.length - 1}
            onClick={() => setZoom((z) => Math.min(ZOOM_STEPS.length - 1, z + 1))}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
        </div>
        <div className="max-h-[75vh] overflow-auto rounded border border-slate-200 bg-slate-100">
          <img src={src} alt={alt} style={{ width: `${ZOOM_STEPS[zoom]! * 50}%`, maxWidth: "none" }} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
