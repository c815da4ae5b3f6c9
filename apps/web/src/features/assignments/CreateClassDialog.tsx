import type { TClassSummary, TSchoolYear } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { CLASSES_KEY, classesApi } from "../classes/classes-api.ts";
import { SchoolYearSelect } from "../levels/SchoolYearSelect.tsx";

export function CreateClassDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onCreated: (c: TClassSummary) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [schoolYear, setSchoolYear] = useState<TSchoolYear | null>(null);
  const [subject, setSubject] = useState("");

  const create = useMutation({
    // the class's grade label is the school year's name in the teacher's language
    mutationFn: () =>
      classesApi.createClass({
        name,
        grade: t(`levels.year.${schoolYear}`),
        schoolYear: schoolYear ?? undefined,
        subject,
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
      onOpenChange(false);
      setName("");
      setSchoolYear(null);
      setSubject("");
      toast({ title: t("classes.toast.classCreated"), variant: "success" });
      onCreated(created);
    },
    onError: (error) =>
      toast({ title: t("classes.toast.createFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !schoolYear || !subject.trim()) {
      toast({ title: t("classes.toast.classIncomplete"), variant: "destructive" });
      return;
    }
    create.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("classes.newClass")}</DialogTitle>
          <DialogDescription>{t("classes.newClassDesc")}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor="class-name">{t("classes.name")}</Label>
            <Input
              id="class-name"
              value={name}
              maxLength={100}
              placeholder={t("classes.namePlaceholder")}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor="class-grade">{t("classes.grade")}</Label>
              <SchoolYearSelect id="class-grade" value={schoolYear} onChange={setSchoolYear} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="class-subject">{t("classes.subject")}</Label>
              <Input
                id="class-subject"
                value={subject}
                maxLength={50}
                placeholder={t("classes.subjectPlaceholder")}
                onChange={(e) => setSubject(e.target.value)}
              />
            </div>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={create.isPending} data-testid="create-class-submit">
              {create.isPending ? t("classes.creating") : t("classes.create")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
