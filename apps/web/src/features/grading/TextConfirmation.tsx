import type { TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Columns2, GitCompare, Info, Lock, Rows2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { cn } from "../../lib/utils.ts";
import { ComparisonView } from "./ComparisonView.tsx";
import { ImageViewer } from "./ImageViewer.tsx";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";
import { SmartCorrection } from "./SmartCorrection.tsx";

function EmptyRecognitionTip() {
  const { t } = useTranslation();
  return (
    <div
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
      role="alert"
      data-testid="empty-ocr-tip"
    >
      <Info className="size-5 shrink-0" aria-hidden="true" />
      <div className="text-sm">
        <p className="font-semibold">{t("grading.emptyTip.title")}</p>
        <p>{t("grading.emptyTip.intro")}</p>
        <ul className="list-disc pl-5">
          <li>{t("grading.emptyTip.cause1")}</li>
          <li>{t("grading.emptyTip.cause2")}</li>
          <li>{t("grading.emptyTip.cause3")}</li>
        </ul>
        <p className="mt-1 font-medium">{t("grading.emptyTip.manual")}</p>
      </div>
    </div>
  );
}

export function TextConfirmation({ manuscript }: { manuscript: TManuscript }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locked = manuscript.status === "text_confirmed" || manuscript.status === "graded";
  const ocrText = manuscript.ocrText ?? "";
  const [text, setText] = useState(locked ? (manuscript.confirmedText ?? "") : ocrText);
  const [layout, setLayout] = useState<"side" | "stacked">("side");
  const [comparing, setComparing] = useState(false);

  // New recognition results (a re-upload or a re-run) replace the editor text; uploaded with no text clears it.
  useEffect(() => {
    if (locked) setText(manuscript.confirmedText ?? "");
    else setText(manuscript.status === "uploaded" && !manuscript.ocrText ? "" : (manuscript.ocrText ?? ""));
  }, [manuscript.ocrText, manuscript.confirmedText, manuscript.status, locked]);

  const confirm = useMutation({
    mutationFn: () => manuscriptsApi.confirm(manuscript.id, text),
    onSuccess: (updated) => {
      queryClient.setQueryData(manuscriptKey(updated.id), updated);
      toast({ title: t("grading.toast.confirmed"), description: t("grading.toast.confirmedDesc"), variant: "success" });
    },
    onError: (error) =>
      toast({
        title: t("grading.toast.confirmFailed"),
        description: `${t("grading.toast.confirmFailedDesc")} (${describeError(t, error)})`,
        variant: "destructive",
      }),
  });

  const emptyRecognition = manuscript.status === "ocr_completed" && !ocrText.trim();

  return (
    <Card data-testid="text-confirmation">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-lg">{t("grading.confirm.title")}</CardTitle>
          <CardDescription>{t("grading.confirm.subtitle")}</CardDescription>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            className="hidden lg:inline-flex"
            onClick={() => setLayout((l) => (l === "side" ? "stacked" : "side"))}
          >
            {layout === "side" ? <Rows2 aria-hidden="true" /> : <Columns2 aria-hidden="true" />}
            {layout === "side" ? t("grading.confirm.stacked") : t("grading.confirm.sideBySide")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setComparing((c) => !c)} data-testid="toggle-compare">
            <GitCompare aria-hidden="true" />
            {comparing ? t("grading.confirm.hideCompare") : t("grading.confirm.compare")}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {emptyRecognition ? <EmptyRecognitionTip /> : null}
        <div className={cn("grid gap-4", layout === "side" && "lg:grid-cols-2")}>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-medium text-slate-700">{t("grading.confirm.original")}</h3>
            {manuscript.originalImageUrl ? (
              <ImageViewer src={manuscript.originalImageUrl} alt={t("grading.confirm.original")} />
            ) : null}
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex items-center justify-between">
              <label htmlFor="essay-text" className="text-sm font-medium text-slate-700">
                {t("grading.confirm.text")}
              </label>
              <span className="text-xs text-slate-500">
                {t("grading.confirm.chars", { count: Array.from(text.replace(/\s/g, "")).length })}
              </span>
            </div>
            <textarea
              id="essay-text"
              data-testid="essay-text"
              className="min-h-[320px] w-full flex-1 rounded-md border border-slate-300 p-3 text-base leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:bg-slate-50"
              value={text}
              disabled={locked || confirm.isPending}
              placeholder={t("grading.confirm.placeholder")}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        </div>
        {comparing ? <ComparisonView before={ocrText} after={text} /> : null}
        {!locked ? <SmartCorrection text={text} disabled={confirm.isPending} onPushBack={setText} /> : null}
        {locked ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Lock className="size-4" aria-hidden="true" />
            {t("grading.confirm.readOnly")}
          </p>
        ) : (
          <Button
            className="self-start"
            onClick={() => confirm.mutate()}
            disabled={!text.trim() || confirm.isPending}
            data-testid="confirm-text"
          >
            {confirm.isPending ? t("grading.confirm.confirming") : t("grading.confirm.button")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
