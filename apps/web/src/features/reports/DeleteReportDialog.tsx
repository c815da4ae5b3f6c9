import type { TReportRow } from "@essay/contract";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";

/** Asks before an essay, its pages and their photos are removed for good. */
export function DeleteReportDialog({
  row,
  pending,
  onCancel,
  onConfirm,
}: {
  row: TReportRow | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (row: TReportRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("reports.delete.title", { name: row?.studentName ?? "" })}</DialogTitle>
          <DialogDescription>{t("reports.delete.description", { count: row?.pageCount ?? 0 })}</DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={pending}
            data-testid="confirm-delete-report"
            onClick={() => row && onConfirm(row)}
          >
            <Trash2 aria-hidden="true" />
            {t("reports.delete.confirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
