import { MAX_UPLOAD_BYTES } from "@essay/contract";
import { ImageUp, Lock } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/utils.ts";
import { Spinner } from "./ui/spinner.tsx";
import { toast } from "./ui/toast.tsx";

const ACCEPTED = ["image/jpeg", "image/png"];

interface Props {
  /** Nothing can be dropped or picked (no record yet, work in progress, or locked). */
  disabled: boolean;
  pending: boolean;
  /** Shown instead of the drop prompt once the photo can no longer change. */
  lockedMessage?: string;
  /** A photo is already there: the prompt offers to replace it. */
  hasImage: boolean;
  hint?: ReactNode;
  onFile: (file: File) => void;
  testId: string;
  inputTestId: string;
}

/**
 * Drag-and-drop or pick a JPEG/PNG photo of an essay (spec §5: images only, at most 10MB). The server checks the
 * bytes again; this only spares a round trip for an obvious mistake.
 */
export function ImageDropzone({
  disabled,
  pending,
  lockedMessage,
  hasImage,
  hint,
  onFile,
  testId,
  inputTestId,
}: Props) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (file: File | undefined) => {
    if (!file || disabled) return;
    const problem = !ACCEPTED.includes(file.type)
      ? t("grading.toast.notImage")
      : file.size > MAX_UPLOAD_BYTES
        ? t("grading.toast.tooLarge")
        : null;
    if (problem) {
      toast({ title: t("grading.toast.uploadFailed"), description: problem, variant: "destructive" });
      return;
    }
    onFile(file);
  };

  return (
    <>
      <button
        type="button"
        disabled={disabled}
        data-testid={testId}
        onClick={() => inputRef.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          take(Array.from(e.dataTransfer.files).find((f) => f.type.startsWith("image/")));
        }}
        className={cn(
          "flex w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
          disabled
            ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400"
            : "cursor-pointer border-slate-300 hover:border-brand-500 hover:bg-brand-50",
          dragging && "border-brand-600 bg-brand-50",
        )}
      >
        {pending ? (
          <Spinner label={t("grading.upload.uploading")} />
        ) : lockedMessage ? (
          <>
            <Lock className="size-8" aria-hidden="true" />
            <span className="text-sm">{lockedMessage}</span>
          </>
        ) : (
          <>
            <ImageUp className="size-8 text-brand-600" aria-hidden="true" />
            <span className="text-sm">
              {hasImage ? `${t("grading.upload.replace")} · ` : ""}
              {t("grading.upload.drop")} <span className="font-medium text-brand-700">{t("grading.upload.pick")}</span>
            </span>
            <span className="text-xs text-slate-500">{t("grading.upload.hint")}</span>
            {hint}
          </>
        )}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png"
        className="hidden"
        data-testid={inputTestId}
        disabled={disabled}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
    </>
  );
}
