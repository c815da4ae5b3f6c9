import { MAX_UPLOAD_BYTES, type TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImageUp, Lock } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { describeError } from "../../lib/error-message.ts";
import { cn } from "../../lib/utils.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

const ACCEPTED = ["image/jpeg", "image/png"];

export function UploadArea({ manuscript }: { manuscript: TManuscript | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const locked = manuscript?.status === "text_confirmed" || manuscript?.status === "graded";
  const disabled = !manuscript || locked;

  const upload = useMutation({
    mutationFn: (file: File) => manuscriptsApi.upload(manuscript!.id, file),
    onSuccess: (updated) => {
      queryClient.setQueryData(manuscriptKey(updated.id), updated);
      toast({ title: t("grading.toast.uploaded"), description: t("grading.toast.uploadedDesc"), variant: "success" });
    },
    onError: (error) =>
      toast({
        title: t("grading.toast.uploadFailed"),
        description:
          error instanceof ApiError && error.code ? describeError(t, error) : t("grading.toast.uploadFailedDesc"),
        variant: "destructive",
      }),
  });

  const take = (file: File | undefined) => {
    if (!file || disabled) return;
    if (!ACCEPTED.includes(file.type)) {
      toast({
        title: t("grading.toast.uploadFailed"),
        description: t("grading.toast.notImage"),
        variant: "destructive",
      });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({
        title: t("grading.toast.uploadFailed"),
        description: t("grading.toast.tooLarge"),
        variant: "destructive",
      });
      return;
    }
    upload.mutate(file);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("grading.upload.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <button
          type="button"
          disabled={disabled}
          data-testid="upload-area"
          onClick={() => inputRef.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            const file = Array.from(e.dataTransfer.files).find((f) => f.type.startsWith("image/"));
            take(file);
          }}
          className={cn(
            "flex w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
            disabled
              ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400"
              : "cursor-pointer border-slate-300 hover:border-brand-500 hover:bg-brand-50",
            dragging && "border-brand-600 bg-brand-50",
          )}
        >
          {upload.isPending ? (
            <Spinner label={t("grading.upload.uploading")} />
          ) : locked ? (
            <>
              <Lock className="size-8" aria-hidden="true" />
              <span className="text-sm">{t("grading.upload.locked")}</span>
            </>
          ) : (
            <>
              <ImageUp className="size-8 text-brand-600" aria-hidden="true" />
              <span className="text-sm">
                {manuscript?.originalImageUrl ? `${t("grading.upload.replace")} · ` : ""}
                {t("grading.upload.drop")}{" "}
                <span className="font-medium text-brand-700">{t("grading.upload.pick")}</span>
              </span>
              <span className="text-xs text-slate-500">{t("grading.upload.hint")}</span>
              {!manuscript ? (
                <span className="text-xs font-medium text-amber-700">{t("grading.upload.saveFirst")}</span>
              ) : null}
            </>
          )}
        </button>
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png"
          className="hidden"
          data-testid="upload-input"
          disabled={disabled}
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </CardContent>
    </Card>
  );
}
