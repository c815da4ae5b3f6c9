import type { TManuscript } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Save } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { useCurrentUser } from "../auth/use-current-user.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

interface Props {
  manuscript: TManuscript | undefined;
  topic: string;
  onCreated: (id: string) => void;
}

const FIELDS = ["studentName", "studentClass", "studentId", "teacherName"] as const;
type Field = (typeof FIELDS)[number];

export function StudentInfoForm({ manuscript, topic, onCreated }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [form, setForm] = useState<Record<Field, string>>({
    studentName: "",
    studentClass: "",
    studentId: "",
    teacherName: user?.name ?? "",
  });
  const locked = Boolean(manuscript);
  const values: Record<Field, string> = manuscript
    ? {
        studentName: manuscript.studentName,
        studentClass: manuscript.studentClass,
        studentId: manuscript.studentId,
        teacherName: manuscript.teacherName,
      }
    : form;

  const create = useMutation({
    mutationFn: () =>
      manuscriptsApi.create({
        studentName: form.studentName.trim(),
        studentClass: form.studentClass.trim(),
        studentId: form.studentId.trim(),
        teacherName: form.teacherName.trim() || user?.name,
        originalImageUrl: "",
        userId: user?.id,
        topic,
      }),
    onSuccess: (created) => {
      if (!created?.id) {
        toast({ title: t("grading.toast.saveFailed"), description: t("grading.toast.noId"), variant: "destructive" });
        return;
      }
      queryClient.setQueryData(manuscriptKey(created.id), created);
      onCreated(created.id);
      toast({ title: t("grading.toast.saved"), description: t("grading.toast.savedDesc"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("grading.toast.saveFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.studentName.trim() || !form.studentClass.trim() || !form.studentId.trim()) {
      toast({
        title: t("grading.toast.incomplete"),
        description: t("grading.toast.incompleteDesc"),
        variant: "destructive",
      });
      return;
    }
    create.mutate();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("grading.student.title")}</CardTitle>
        <CardDescription>{t("grading.student.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate data-testid="student-form">
          {FIELDS.map((field) => (
            <div key={field} className="flex flex-col gap-2">
              <Label htmlFor={`student-${field}`}>
                {t(`grading.student.${field}`)}
                {field === "teacherName" ? "" : " *"}
              </Label>
              <Input
                id={`student-${field}`}
                name={field}
                value={values[field]}
                disabled={locked || create.isPending}
                onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
                maxLength={100}
              />
            </div>
          ))}
          <div className="sm:col-span-2">
            {locked ? (
              <p className="flex items-center gap-2 text-sm text-green-700">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {t("grading.student.saved")}
              </p>
            ) : (
              <Button type="submit" disabled={create.isPending}>
                <Save aria-hidden="true" />
                {create.isPending ? t("common.saving") : t("grading.student.save")}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
