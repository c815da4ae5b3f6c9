import { effectiveGenre, resolveTarget, type TGenre, type TSchoolYear, type TWorkLanguage } from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/select.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { ASSIGNMENTS_KEY, CLASSES_KEY, classesApi, classKey } from "../classes/classes-api.ts";
import { GenreSelect } from "../levels/GenreSelect.tsx";
import { SchoolYearSelect } from "../levels/SchoolYearSelect.tsx";

const LANGUAGES: TWorkLanguage[] = ["zh-CN", "zh-TW", "en"];

function defaultLanguage(ui: string): TWorkLanguage {
  return (LANGUAGES as string[]).includes(ui) ? (ui as TWorkLanguage) : "zh-CN";
}

export function CreateAssignmentDialog({
  classId,
  classYear,
  open,
  onOpenChange,
}: {
  classId: string;
  /** The class's school year: the assignment's unless the teacher chooses another. */
  classYear: TSchoolYear | null;
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  // the sample topic is a suggestion (placeholder), not a value
  const [topic, setTopic] = useState("");
  const [language, setLanguage] = useState<TWorkLanguage>(() => defaultLanguage(i18n.language));
  const [schoolYear, setSchoolYear] = useState<TSchoolYear | null>(classYear);
  const [genre, setGenre] = useState<TGenre | null>(null);
  // until the teacher types a target, it follows the topic's named length ("about 120 words", "不少于600字"), else
  // the school year's usual length for the genre
  const [typedLength, setTypedLength] = useState<string | null>(null);
  const essay = language === "en" ? "en" : "zh";
  const resolved = resolveTarget({ targetLength: null, topic, language: essay, year: schoolYear, genre });
  const targetLength = typedLength ?? String(resolved.targetLength);
  const recognised = effectiveGenre(null, topic, essay, schoolYear);
  const [due, setDue] = useState("");

  const create = useMutation({
    mutationFn: () =>
      classesApi.createAssignment(classId, {
        title,
        topic,
        // a target the teacher typed is theirs; otherwise the server follows the topic and the level as shown here
        ...(typedLength !== null ? { targetLength: Number(typedLength) } : {}),
        language,
        ...(schoolYear ? { schoolYear } : {}),
        ...(genre ? { genre } : {}),
        dueAt: due ? new Date(due).toISOString() : null,
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKey(classId) }),
        queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
        queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_KEY }),
      ]);
      onOpenChange(false);
      setTitle("");
      setTopic("");
      setGenre(null);
      setTypedLength(null);
      setDue("");
      toast({ title: t("classes.toast.assignmentCreated"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("classes.toast.createFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      toast({ title: t("classes.toast.titleRequired"), variant: "destructive" });
      return;
    }
    const length = Number(targetLength);
    if (!topic.trim() || !Number.isInteger(length) || length < 50 || length > 5000) {
      toast({ title: t("classes.toast.assignmentIncomplete"), variant: "destructive" });
      return;
    }
    create.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("classes.newAssignment")}</DialogTitle>
          <DialogDescription>{t("classes.newAssignmentDesc")}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor="assignment-title">{t("classes.assignmentTitle")}</Label>
            <Input
              id="assignment-title"
              value={title}
              maxLength={200}
              placeholder={t("classes.assignmentTitlePlaceholder")}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="assignment-topic">{t("classes.topic")}</Label>
            <textarea
              id="assignment-topic"
              value={topic}
              maxLength={2000}
              rows={4}
              placeholder={t("grading.topic.default")}
              onChange={(e) => setTopic(e.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="assignment-year">{t("classes.schoolYear")}</Label>
              <SchoolYearSelect id="assignment-year" value={schoolYear} onChange={setSchoolYear} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="assignment-genre">{t("classes.genre")}</Label>
              <GenreSelect id="assignment-genre" value={genre} recognised={recognised} onChange={setGenre} />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="flex flex-col gap-2">
              <Label htmlFor="assignment-length">{t("classes.targetLength")}</Label>
              <Input
                id="assignment-length"
                type="number"
                inputMode="numeric"
                min={50}
                max={5000}
                value={targetLength}
                aria-describedby="assignment-length-hint"
                onChange={(e) => setTypedLength(e.target.value)}
              />
              {typedLength === null ? (
                <span id="assignment-length-hint" className="text-xs text-slate-500">
                  {resolved.source === "topic"
                    ? t("classes.targetFromTopic", { n: resolved.targetLength })
                    : t("classes.targetFromLevel", { n: resolved.targetLength })}
                </span>
              ) : null}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="assignment-language">{t("classes.language")}</Label>
              <NativeSelect
                id="assignment-language"
                value={language}
                onChange={(e) => setLanguage(e.target.value as TWorkLanguage)}
              >
                {LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {t(`classes.languages.${l}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="assignment-due">{t("classes.dueAt")}</Label>
              <Input id="assignment-due" type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
            </div>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={create.isPending} data-testid="create-assignment-submit">
              {create.isPending ? t("classes.creating") : t("classes.create")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
