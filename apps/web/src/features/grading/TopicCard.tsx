import { DEFAULT_TARGET_LENGTH, targetLengthFromTopic } from "@essay/contract";
import { BookOpenText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";

interface Props {
  topic: string;
  targetLength?: number;
  /** While no record exists the teacher may set the topic the essay is graded against. */
  editable: boolean;
  onChange: (topic: string) => void;
}

export function TopicCard({ topic, targetLength, editable, onChange }: Props) {
  const { t } = useTranslation();
  // before the record exists the target follows what the topic asks for, as the server will set it
  const target = targetLength ?? targetLengthFromTopic(topic) ?? DEFAULT_TARGET_LENGTH;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <BookOpenText className="size-5 text-brand-600" aria-hidden="true" />
          {t("grading.topic.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {editable ? (
          <textarea
            aria-label={t("grading.topic.title")}
            className="min-h-28 w-full rounded-md border border-slate-300 p-3 text-sm leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            value={topic}
            maxLength={2000}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <p className="whitespace-pre-wrap text-sm leading-relaxed text-slate-700" data-testid="topic-text">
            {topic}
          </p>
        )}
        <p className="text-xs text-slate-500">{t("grading.topic.target", { count: target })}</p>
      </CardContent>
    </Card>
  );
}
