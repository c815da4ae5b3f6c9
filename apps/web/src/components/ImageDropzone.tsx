import { MAX_UPLOAD_BYTES } from "@essay/contract";
import { Camera, ImageUp, Lock } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/utils.ts";
import { Button } from "./ui/button.tsx";
import { Spinner } from "./ui/spinner.tsx";
import { toast } from "./ui/toast.tsx";

const ACCEPTED = ["image/jpeg", "image/png"];

interface Props {
  /** Nothing can be dropped or picked (no record yet, work in progress, locked, or no page left). */
  disabled: boolean;
  pending: boolean;
  /** What the spinner says while pending ("uploading page 2 of 3"). */
  pendingLabel?: string;
  /** Shown instead of the drop prompt once the pages can no longer change. */
  lockedMessage?: string;
  /** Pages are already there: the prompt offers to add more. */
  hasImage: boolean;
  /** How many more photos are taken (the page limit minus the pages there). */
  remaining: number;
  hint?: ReactNode;
  /** The accepted photos, in the order they were picked or dropped. */
  onFiles: (files: File[]) => void;
  testId: string;
  inputTestId: string;
  cameraTestId: string;
}

/**
 * Drag-and-drop or pick JPEG/PNG page photos (several at once), or take one with the phone's camera (spec §5: images
 * only, at most 10MB each). The server checks every page again; this only spares a round trip for an obvious mistake.
 */
export function ImageDropzone({
  disabled,
  pending,
  pendingLabel,
  lockedMessage,
  hasImage,
  remaining,
  hint,
  onFiles,
  testId,
  inputTestId,
  cameraTestId,
}: Props) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (files: File[]) => {
    if (files.length === 0 || disabled) return;
    const good: File[] = [];
    for (const file of files) {
      const problem = !ACCEPTED.includes(file.type)
        ? t("grading.toast.notImage")
        : file.size > MAX_UPLOAD_BYTES
          ? t("grading.toast.tooLarge")
          : null;
      if (problem) {
        toast({
          title: t("grading.toast.uploadFailed"),
          description: `${file.name}: ${problem}`,
          variant: "destructive",
        });
      } else good.push(file);
    }
    if (good.length > remaining) {
      toast({
        title: t("grading.toast.uploadFailed"),
        description: t("grading.pages.tooMany", { count: good.length - remaining }),
        variant: "destructive",
      });
    }
    if (remaining > 0 && good.length > 0) onFiles(good.slice(0, remaining));
  };

  const picked = (input: HTMLInputElement) => {
    take(Array.from(input.files ?? []));
    input.value = "";
  };

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        disabled={disabled}
        data-testid={testId}
        onClick={() => inputRef.current?.click()}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragging(false);
          take(Array.from(e.dataTransfer.files).filter((f) => f.type.startsWith("image/")));
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
          <Spinner label={pendingLabel ?? t("grading.upload.uploading")} />
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
      {lockedMessage ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={disabled}
          onClick={() => cameraRef.current?.click()}
          data-testid={cameraTestId}
        >
          <Camera aria-hidden="true" />
          {t("grading.upload.camera")}
        </Button>
      )}
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png"
        multiple
        className="hidden"
        data-testid={inputTestId}
        disabled={disabled}
        onChange={(e) => picked(e.target)}
      />
      {/* a phone opens its camera for this one; one photo per page */}
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        disabled={disabled}
        onChange={(e) => picked(e.target)}
      />
    </div>
  );
}
