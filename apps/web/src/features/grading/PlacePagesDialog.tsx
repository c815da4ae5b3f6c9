import type { TManuscriptPage } from "@essay/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { cn } from "../../lib/utils.ts";

/** The reading order with the `added` pages (kept together, in their order) placed after `at` of the other pages. */
export function placedOrder(pages: readonly { id: string }[], added: readonly string[], at: number): string[] {
  const others = pages.map((p) => p.id).filter((id) => !added.includes(id));
  const kept = added.filter((id) => pages.some((p) => p.id === id));
  return [...others.slice(0, at), ...kept, ...others.slice(at)];
}

/**
 * Pages added after recognition may be forgotten ones from the middle of the essay: the teacher says where they
 * belong (default: at the end, where they were added). Their text then sits at that place; the edits on the other
 * pages stay as they are.
 */
export function PlacePagesDialog({
  pages,
  added,
  onPlace,
  onClose,
}: {
  pages: readonly TManuscriptPage[];
  added: readonly string[];
  onPlace: (order: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const others = pages.filter((p) => !added.includes(p.id));
  const [at, setAt] = useState(others.length);
  const newPages = pages.filter((p) => added.includes(p.id));

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t("common.close")} data-testid="place-pages">
        <DialogHeader>
          <DialogTitle>{t("grading.pages.placeTitle")}</DialogTitle>
          <DialogDescription>{t("grading.pages.placeDesc")}</DialogDescription>
        </DialogHeader>
        <div className="mb-4 flex gap-2">
          {newPages.map((p) => (
            <img
              key={p.id}
              src={p.imageUrl}
              alt={t("grading.pages.page", { number: p.number })}
              className="h-28 rounded border border-brand-300 object-contain"
            />
          ))}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t("grading.pages.placeTitle")}</legend>
          {Array.from({ length: others.length + 1 }, (_, i) => (
            <label
              // biome-ignore lint/suspicious/noArrayIndexKey: one choice per gap between pages
              key={i}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm",
                at === i ? "border-brand-500 bg-brand-50" : "border-slate-200",
              )}
            >
              <input type="radio" name="place" checked={at === i} onChange={() => setAt(i)} />
              {i === 0
                ? t("grading.pages.placeFirst")
                : i === others.length
                  ? t("grading.pages.placeEnd", { number: i })
                  : t("grading.pages.placeAfter", { number: i })}
            </label>
          ))}
        </fieldset>
        <div className="mt-4 flex justify-end">
          <Button onClick={() => onPlace(placedOrder(pages, added, at))} data-testid="place-pages-confirm">
            {t("grading.pages.placeConfirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
