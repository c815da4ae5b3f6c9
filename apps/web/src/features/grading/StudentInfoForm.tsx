import { isSchoolYear, type TClassSummary, type TManuscript, type TSchoolYear } from "@essay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Save } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { useCurrentUser } from "../auth/use-current-user.ts";
import { CLASSES_KEY } from "../classes/classes-api.ts";
import { rememberSchoolYear } from "../levels/last-year.ts";
import { SchoolYearSelect } from "../levels/SchoolYearSelect.tsx";
import type { Draft } from "./draft.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

interface Props {
  manuscript: TManuscript | undefined;
  draft: Draft;
  onDraftChange: (draft: Draft) => void;
  onCreated: (id: string) => void;
}

/** The school year of the teacher's class whose name the typed class names ("三年级二班" or "2班"), if any. */
function yearOfClass(classes: TClassSummary[] | undefined, typed: string): TSchoolYear | null {
  const norm = (s: string) => s.replace(/\s+/g, "").toLowerCase();
  const want = norm(typed);
  if (!want) return null;
  const match = (classes ?? []).find(
    (c) => c.schoolYear && (norm(c.name) === want || norm(`${c.grade}${c.name}`) === want),
  );
  return match && isSchoolYear(match.schoolYear) ? match.schoolYear : null;
}

const FIELDS = ["studentName", "studentClass", "studentId", "teacherName"] as const;
type Field = (typeof FIELDS)[number];

export function StudentInfoForm({ manuscript, draft, onDraftChange, onCreated }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: classes } = useQuery<TClassSummary[]>({ queryKey: CLASSES_KEY, enabled: !manuscript });
  // the year follows the class the teacher types until they choose one themselves
  const [yearTouched, setYearTouched] = useState(false);
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
        // an empty topic is sent as such: the sample topic is a suggestion, not the task
        topic: draft.topic.trim(),
        ...(draft.schoolYear ? { schoolYear: draft.schoolYear } : {}),
        ...(draft.genre ? { genre: draft.genre } : {}),
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

  // the level stays editable until the text is confirmed (it decides what the essay is judged against)
  const levelLocked = manuscript ? manuscript.status === "text_confirmed" || manuscript.status === "graded" : false;
  const saveYear = useMutation({
    mutationFn: (schoolYear: TSchoolYear | null) => manuscriptsApi.update(manuscript!.id, { schoolYear }),
    onSuccess: (updated) => {
      queryClient.setQueryData(manuscriptKey(updated.id), updated);
      toast({ title: t("grading.toast.levelSaved"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("grading.toast.saveFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  const chooseYear = (year: TSchoolYear | null) => {
    rememberSchoolYear(year);
    if (manuscript) saveYear.mutate(year);
    else {
      setYearTouched(true);
      onDraftChange({ ...draft, schoolYear: year });
    }
  };
  const typeField = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field === "studentClass" && !yearTouched) {
      const year = yearOfClass(classes, value);
      if (year && year !== draft.schoolYear) onDraftChange({ ...draft, schoolYear: year });
    }
  };

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
                onChange={(e) => typeField(field, e.target.value)}
                maxLength={100}
              />
            </div>
          ))}
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor="student-schoolYear">{t("levels.schoolYear")}</Label>
            <SchoolYearSelect
              id="student-schoolYear"
              value={
                manuscript ? (isSchoolYear(manuscript.schoolYear) ? manuscript.schoolYear : null) : draft.schoolYear
              }
              allowUnset={Boolean(manuscript)}
              disabled={levelLocked || create.isPending || saveYear.isPending}
              onChange={chooseYear}
              aria-describedby="student-schoolYear-hint"
            />
            <p id="student-schoolYear-hint" className="text-xs text-slate-500">
              {t("grading.student.schoolYearHint")}
            </p>
          </div>
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
