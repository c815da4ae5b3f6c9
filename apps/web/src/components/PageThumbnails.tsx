import type { TPageState } from "@essay/contract";
import { ArrowLeft, ArrowRight, CheckCircle2, Clock, Loader2, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/utils.ts";
import { Button } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog.tsx";

export interface ThumbnailPage {
  id: string;
  number: number;
  imageUrl: string;
  /** Recognition state, when the viewer is shown it. */
  state?: TPageState;
}

/** Internal drags (reordering) carry this type, so a dropzone for files ignores them. */
const DRAG_TYPE = "application/x-essay-page";

const STATE_ICON = {
  waiting: <Clock className="size-3.5 text-slate-500" aria-hidden="true" />,
  reading: <Loader2 className="size-3.5 animate-spin text-brand-600" aria-hidden="true" />,
  read: <CheckCircle2 className="size-3.5 text-green-600" aria-hidden="true" />,
} as const;

/**
 * The essay's page photos in reading order. While `editable`, a page can be moved (arrow buttons, or dragged onto
 * another page's place) and removed (after a confirmation).
 */
export function PageThumbnails({
  pages,
  editable,
  busy,
  onMove,
  onRemove,
}: {
  pages: readonly ThumbnailPage[];
  editable: boolean;
  busy: boolean;
  /** Page `id` to index `to` (0-based) in the new order. */
  onMove: (id: string, to: number) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<ThumbnailPage | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (pages.length === 0) return null;
  const controls = editable && !busy;

  return (
    <>
      <ol
        className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-3"
        aria-label={t("grading.pages.list")}
        data-testid="page-list"
      >
        {pages.map((p, index) => (
          <li
            key={p.id}
            data-testid="page-thumb"
            data-page-id={p.id}
            data-state={p.state}
            draggable={controls}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, p.id);
              e.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={(e) => {
              if (!controls || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
              e.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(e) => {
              const id = e.dataTransfer.getData(DRAG_TYPE);
              setOver(null);
              if (!controls || !id) return;
              e.preventDefault();
              if (id !== p.id) onMove(id, index);
            }}
            className={cn(
              "flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-2",
              controls && "cursor-grab",
              over === index && "border-brand-500 ring-2 ring-brand-200",
            )}
          >
            <div className="relative overflow-hidden rounded bg-slate-100">
              <img
                src={p.imageUrl}
                alt={t("grading.pages.page", { number: p.number })}
                className="h-36 w-full object-contain"
                draggable={false}
              />
            </div>
            <div className="flex items-center justify-between gap-1 text-xs">
              <span className="flex items-center gap-1 whitespace-nowrap font-medium text-slate-700">
                {p.state ? STATE_ICON[p.state] : null}
                {t("grading.pages.page", { number: p.number })}
                {p.state ? <span className="sr-only">{t(`grading.pages.state.${p.state}`)}</span> : null}
              </span>
              {editable ? (
                <span className="flex">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={t("grading.pages.moveEarlier", { number: p.number })}
                    disabled={!controls || index === 0}
                    onClick={() => onMove(p.id, index - 1)}
                  >
                    <ArrowLeft aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={t("grading.pages.moveLater", { number: p.number })}
                    disabled={!controls || index === pages.length - 1}
                    onClick={() => onMove(p.id, index + 1)}
                  >
                    <ArrowRight aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7 text-red-600 hover:text-red-700"
                    aria-label={t("grading.pages.remove", { number: p.number })}
                    disabled={!controls}
                    onClick={() => setRemoving(p)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <Dialog open={removing !== null} onOpenChange={(open) => (open ? null : setRemoving(null))}>
        <DialogContent closeLabel={t("common.close")}>
          <DialogHeader>
            <DialogTitle>{t("grading.pages.removeTitle", { number: removing?.number ?? 0 })}</DialogTitle>
            <DialogDescription>{t("grading.pages.removeDesc")}</DialogDescription>
          </DialogHeader>
          {removing ? (
            <img src={removing.imageUrl} alt="" className="mb-4 max-h-48 w-full rounded object-contain" />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setRemoving(null)}>
              {t("common.cancel")}
            </Button>
            <Button
              variant="destructive"
              data-testid="confirm-remove-page"
              onClick={() => {
                if (removing) onRemove(removing.id);
                setRemoving(null);
              }}
            >
              <Trash2 aria-hidden="true" />
              {t("grading.pages.removeConfirm")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The order after moving page `id` to index `to`. */
export function movedOrder(ids: readonly string[], id: string, to: number): string[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
