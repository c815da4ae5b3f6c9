import {
  effectiveGenre,
  essayLanguageOf,
  isSchoolYear,
  resolveTarget,
  type TManuscript,
  type TTargetSource,
} from "@essay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BookOpenText, Save } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { GenreSelect } from "../levels/GenreSelect.tsx";
import type { Draft } from "./draft.ts";
import { manuscriptKey, manuscriptsApi } from "./manuscripts-api.ts";

interface Props {
  manuscript: TManuscript | undefined;
  draft: Draft;
  onDraftChange: (draft: Draft) => void;
}

const TEXTAREA =
  "min-h-28 w-full rounded-md border border-slate-300 p-3 text-sm leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

/**
 * The task the essay is judged against: topic and genre, editable until the text is confirmed (before a record
 * exists they are the draft the record is created with), and the target length that follows from them and the level.
 */
export function TopicCard({ manuscript, draft, onDraftChange }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locked = manuscript ? manuscript.status === "text_confirmed" || manuscript.status === "graded" : false;
  // an existing record's topic and genre are edited here and saved together
  const [edit, setEdit] = useState(() => ({ topic: manuscript?.topic ?? "", genre: manuscript?.genre ?? null }));
  const topic = manuscript ? edit.topic : draft.topic;
  const genre = manuscript ? edit.genre : draft.genre;
  const dirty = manuscript ? edit.topic.trim() !== manuscript.topic || edit.genre !== manuscript.genre : false;

  const save = useMutation({
    mutationFn: () => manuscriptsApi.update(manuscript!.id, { topic: edit.topic.trim(), genre: edit.genre }),
    onSuccess: (updated) => {
      queryClient.setQueryData(manuscriptKey(updated.id), updated);
      toast({ title: t("grading.toast.topicSaved"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("grading.toast.saveFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  // the target as the server will set it: the teacher's, the topic's, else the level's
  const year = manuscript ? manuscript.schoolYear : draft.schoolYear;
  const language = essayLanguageOf(manuscript?.confirmedText ?? manuscript?.ocrText ?? topic);
  const shown: { targetLength: number; source: TTargetSource } =
    manuscript && !dirty
      ? { targetLength: manuscript.targetLength, source: manuscript.targetLengthSource }
      : resolveTarget({
          targetLength: manuscript?.targetLengthSource === "teacher" ? manuscript.targetLength : null,
          topic,
          language,
          year: isSchoolYear(year) ? year : null,
          genre,
        });
  const recognised = effectiveGenre(null, topic, language, isSchoolYear(year) ? year : null);
  const targetText =
    shown.source === "level"
      ? year
        ? t("grading.topic.targetLevel", { count: shown.targetLength, level: t(`levels.year.${year}`) })
        : t("grading.topic.targetDefaultLevel", { count: shown.targetLength })
      : shown.source === "topic"
        ? t("grading.topic.targetTopic", { count: shown.targetLength })
        : t("grading.topic.target", { count: shown.targetLength });

  const setTopic = (value: string) =>
    manuscript ? setEdit((e) => ({ ...e, topic: value })) : onDraftChange({ ...draft, topic: value });
  const setGenre = (value: Draft["genre"]) =>
    manuscript ? setEdit((e) => ({ ...e, genre: value })) : onDraftChange({ ...draft, genre: value });

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <BookOpenText className="size-5 text-brand-600" aria-hidden="true" />
          {t("grading.topic.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {locked ? (
          <p className="whitespace-pre-wrap text-sm leading-relaxed text-slate-700" data-testid="topic-text">
            {manuscript?.topic}
          </p>
        ) : (
          <>
            <textarea
              aria-label={t("grading.topic.title")}
              className={TEXTAREA}
              value={topic}
              placeholder={t("grading.topic.default")}
              maxLength={2000}
              onChange={(e) => setTopic(e.target.value)}
              data-testid="topic-input"
            />
            {topic.trim() === "" ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="self-start px-0"
                onClick={() => setTopic(t("grading.topic.default"))}
              >
                {t("grading.topic.useSuggestion")}
              </Button>
            ) : null}
          </>
        )}
        <div className="flex flex-col gap-1">
          <Label htmlFor="topic-genre">{t("levels.genre")}</Label>
          {locked ? (
            <p className="text-sm text-slate-700" data-testid="topic-genre">
              {t(`levels.genres.${manuscript?.effectiveGenre ?? recognised}`)}
            </p>
          ) : (
            <GenreSelect id="topic-genre" value={genre} recognised={recognised} onChange={setGenre} />
          )}
        </div>
        <p className="text-xs text-slate-500" data-testid="topic-target">
          {targetText}
        </p>
        {manuscript && !locked ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-500">{t("grading.topic.editHint")}</p>
            <Button size="sm" disabled={!dirty || save.isPending} onClick={() => save.mutate()}>
              <Save aria-hidden="true" />
              {save.isPending ? t("grading.topic.saving") : t("grading.topic.save")}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
