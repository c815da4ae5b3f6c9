import type { TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ImageDropzone } from "../../components/ImageDropzone.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { describeError } from "../../lib/error-message.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

export function UploadArea({ manuscript }: { manuscript: TManuscript | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locked = manuscript?.status === "text_confirmed" || manuscript?.status === "graded";

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

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("grading.upload.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ImageDropzone
          disabled={!manuscript || locked || upload.isPending}
          pending={upload.isPending}
          lockedMessage={locked ? t("grading.upload.locked") : undefined}
          hasImage={Boolean(manuscript?.originalImageUrl)}
          hint={
            !manuscript ? (
              <span className="text-xs font-medium text-amber-700">{t("grading.upload.saveFirst")}</span>
            ) : null
          }
          onFile={(file) => upload.mutate(file)}
          testId="upload-area"
          inputTestId="upload-input"
        />
      </CardContent>
    </Card>
  );
}
