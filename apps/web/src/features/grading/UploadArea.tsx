import { MAX_PAGES, type TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageDropzone } from "../../components/ImageDropzone.tsx";
import { movedOrder, PageThumbnails } from "../../components/PageThumbnails.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { describeError } from "../../lib/error-message.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";
import { PlacePagesDialog } from "./PlacePagesDialog.tsx";

/**
 * The essay's page photos: add them (several at once, drag-and-drop, or the phone's camera), see them in order,
 * move and remove them until the text is confirmed. Photos are sent one page per request, in the order picked.
 */
export function UploadArea({ manuscript }: { manuscript: TManuscript | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locked = manuscript?.status === "text_confirmed" || manuscript?.status === "graded";
  const pages = manuscript?.pages ?? [];
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // pages added after some text was read: the teacher is asked where they belong
  const [placing, setPlacing] = useState<string[] | null>(null);
  const store = (updated: TManuscript) => queryClient.setQueryData(manuscriptKey(updated.id), updated);

  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      const id = manuscript?.id;
      if (!id) throw new Error("no manuscript");
      const hadText = pages.some((p) => p.state === "read");
      const added: string[] = [];
      let failures = 0;
      for (const [index, file] of files.entries()) {
        setProgress({ done: index, total: files.length });
        try {
          const updated = await manuscriptsApi.upload(id, file);
          store(updated);
          const newest = updated.pages.at(-1);
          if (newest) added.push(newest.id);
        } catch (error) {
          failures++;
          toast({
            title: t("grading.toast.uploadFailed"),
            description: `${file.name}: ${
              error instanceof ApiError && error.code ? describeError(t, error) : t("grading.toast.uploadFailedDesc")
            }`,
            variant: "destructive",
          });
          // the page limit refuses every later photo too
          if (error instanceof ApiError && error.code === "UPLOAD_TOO_MANY_PAGES") break;
        }
      }
      return { added, hadText, failures };
    },
    onSuccess: ({ added, hadText }) => {
      setProgress(null);
      if (added.length === 0) return;
      toast({
        title: t("grading.toast.uploaded"),
        description: t("grading.pages.addedDesc", { count: added.length }),
        variant: "success",
      });
      const total = queryClient.getQueryData<TManuscript>(manuscriptKey(manuscript?.id ?? ""))?.pages.length ?? 0;
      if (hadText && total > added.length) setPlacing(added);
    },
    onSettled: () => setProgress(null),
  });

  const reorder = useMutation({
    mutationFn: (pageIds: string[]) => manuscriptsApi.reorderPages(manuscript?.id ?? "", pageIds),
    onSuccess: store,
    onError: (error) =>
      toast({ title: t("grading.pages.moveFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: (pageId: string) => manuscriptsApi.deletePage(manuscript?.id ?? "", pageId),
    onSuccess: (updated) => {
      store(updated);
      toast({ title: t("grading.pages.removed"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("grading.pages.removeFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const busy = upload.isPending || reorder.isPending || remove.isPending;
  const ids = pages.map((p) => p.id);

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle className="text-lg">{t("grading.upload.title")}</CardTitle>
          {pages.length > 0 ? (
            <span className="text-sm text-slate-500" data-testid="page-count">
              {t("grading.pages.count", { count: pages.length, max: MAX_PAGES })}
            </span>
          ) : null}
        </div>
        <CardDescription>{t("grading.pages.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <PageThumbnails
          pages={pages}
          editable={!locked}
          busy={busy}
          onMove={(id, to) => reorder.mutate(movedOrder(ids, id, to))}
          onRemove={(id) => remove.mutate(id)}
        />
        <ImageDropzone
          disabled={!manuscript || locked || busy || pages.length >= MAX_PAGES}
          pending={upload.isPending}
          pendingLabel={
            progress && progress.total > 1
              ? t("grading.pages.uploading", { number: progress.done + 1, total: progress.total })
              : undefined
          }
          lockedMessage={locked ? t("grading.upload.locked") : undefined}
          hasImage={pages.length > 0}
          remaining={MAX_PAGES - pages.length}
          hint={
            !manuscript ? (
              <span className="text-xs font-medium text-amber-700">{t("grading.upload.saveFirst")}</span>
            ) : pages.length >= MAX_PAGES ? (
              <span className="text-xs font-medium text-amber-700">{t("grading.pages.full", { max: MAX_PAGES })}</span>
            ) : null
          }
          onFiles={(files) => upload.mutate(files)}
          testId="upload-area"
          inputTestId="upload-input"
          cameraTestId="camera-input"
        />
        {manuscript && placing ? (
          <PlacePagesDialog
            pages={pages}
            added={placing}
            onPlace={(order) => {
              setPlacing(null);
              if (order.some((id, i) => id !== ids[i])) reorder.mutate(order);
            }}
            onClose={() => setPlacing(null)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
