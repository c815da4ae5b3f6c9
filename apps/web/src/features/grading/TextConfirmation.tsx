import {
  joinPageTexts,
  type TCorrectionSuggestion,
  type TDismissedSuggestion,
  type TManuscript,
  type TManuscriptPage,
} from "@essay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Columns2, GitCompare, Info, Loader2, Lock, Rows2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { cn } from "../../lib/utils.ts";
import { ComparisonView } from "./ComparisonView.tsx";
import { DoubtEditor, type DoubtEditorHandle } from "./DoubtEditor.tsx";
import { DoubtPanel } from "./DoubtPanel.tsx";
import {
  carriedReadings,
  dismissedForConfirm,
  doubtful,
  evidenceForCheck,
  type PageReading,
  readingsByPage,
} from "./doubts.ts";
import { ImageViewer } from "./ImageViewer.tsx";
import { manuscriptKey, manuscriptsApi, readingsKey } from "./manuscripts-api.ts";
import { confirmation, type Drafts, draftTexts, syncDrafts } from "./page-drafts.ts";
import { recognisedNothing } from "./recognised-nothing.ts";
import { SmartCorrection } from "./SmartCorrection.tsx";

function EmptyRecognitionTip() {
  const { t } = useTranslation();
  return (
    <div
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
      role="alert"
      data-testid="empty-ocr-tip"
    >
      <Info className="size-5 shrink-0" aria-hidden="true" />
      <div className="text-sm">
        <p className="font-semibold">{t("grading.emptyTip.title")}</p>
        <p>{t("grading.emptyTip.intro")}</p>
        <ul className="list-disc pl-5">
          <li>{t("grading.emptyTip.cause1")}</li>
          <li>{t("grading.emptyTip.cause2")}</li>
          <li>{t("grading.emptyTip.cause3")}</li>
        </ul>
        <p className="mt-1 font-medium">{t("grading.emptyTip.manual")}</p>
      </div>
    </div>
  );
}

const countChars = (text: string) => Array.from(text.replace(/\s/g, "")).length;

const TEXTAREA =
  "min-h-[240px] w-full flex-1 rounded-md border border-slate-300 p-3 text-base leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:bg-slate-50";

/** One page: its photo (click to enlarge) beside its part of the text, the doubtful characters marked in it. */
function PageRow({
  page,
  total,
  text,
  layout,
  disabled,
  doubts,
  active,
  editorRef,
  onChange,
  onActivate,
  onAccept,
  onReplace,
  onLeaveEnd,
}: {
  page: TManuscriptPage;
  total: number;
  text: string;
  layout: "side" | "stacked";
  disabled: boolean;
  doubts: readonly PageReading[];
  active: PageReading | null;
  editorRef: (handle: DoubtEditorHandle | null) => void;
  onChange: (text: string) => void;
  onActivate: (reading: PageReading | null) => void;
  onAccept: (reading: PageReading) => void;
  onReplace: (reading: PageReading, replacement: string) => void;
  onLeaveEnd: (direction: 1 | -1) => boolean;
}) {
  const { t } = useTranslation();
  const label = total > 1 ? t("grading.pages.pageOf", { number: page.number, total }) : t("grading.confirm.original");
  const id = `essay-text-${page.id}`;
  const editor = useRef<DoubtEditorHandle | null>(null);
  return (
    <section
      className="flex flex-col gap-2 border-t-2 border-dashed border-slate-200 pt-4 first:border-t-0 first:pt-0"
      data-testid="page-section"
      data-page={page.number}
      aria-label={label}
    >
      {total > 1 ? (
        <h3 className="flex items-center gap-2 text-sm font-semibold text-brand-700" data-testid="page-break">
          {label}
          {page.state !== "read" ? (
            <span className="flex items-center gap-1 text-xs font-normal text-slate-500">
              {page.state === "reading" ? <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> : null}
              {t(`grading.pages.state.${page.state}`)}
            </span>
          ) : null}
        </h3>
      ) : null}
      <div className={cn("grid gap-4", layout === "side" && "lg:grid-cols-2")}>
        <div className="flex flex-col gap-2">
          {total === 1 ? <h3 className="text-sm font-medium text-slate-700">{label}</h3> : null}
          <ImageViewer src={page.imageUrl} alt={label} />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={id} className="text-sm font-medium text-slate-700">
              {t("grading.confirm.text")}
            </label>
            <span className="text-xs text-slate-500">{t("grading.confirm.chars", { count: countChars(text) })}</span>
          </div>
          {doubts.length > 0 && !disabled ? (
            <div className="flex flex-wrap items-center gap-2 text-xs text-amber-900" data-testid="doubt-summary">
              <span
                className="inline-block h-3 w-4 rounded-sm border-b-2 border-amber-500 bg-amber-100"
                aria-hidden="true"
              />
              <span>{t("grading.doubt.count", { count: doubts.length })}</span>
              <Button
                size="sm"
                variant="outline"
                className="h-7 px-2"
                title="Alt+↓"
                data-testid="next-doubt"
                onClick={() => {
                  const next = doubts.find((r) => !active || r.offset > active.offset) ?? doubts[0];
                  if (next) editor.current?.select(next);
                }}
              >
                <ChevronDown aria-hidden="true" />
                {t("grading.doubt.next")}
              </Button>
            </div>
          ) : null}
          <DoubtEditor
            ref={(h) => {
              editor.current = h;
              editorRef(h);
            }}
            id={id}
            text={text}
            doubts={disabled ? [] : doubts}
            active={active}
            disabled={disabled}
            placeholder={page.state === "read" ? t("grading.confirm.placeholder") : t("grading.pages.notReadYet")}
            onChange={onChange}
            onActivate={onActivate}
            onAccept={onAccept}
            onReplace={onReplace}
            onLeaveEnd={onLeaveEnd}
          />
          {active && !disabled ? (
            <DoubtPanel
              reading={active}
              text={text.slice(active.offset, active.offset + active.length)}
              page={{ number: page.number, imageUrl: page.imageUrl, width: page.width, height: page.height }}
              onAccept={() => onAccept(active)}
              onReplace={(replacement) => onReplace(active, replacement)}
              onClose={() => onActivate(null)}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * Shows each page's photo beside its part of the text; the teacher corrects the text page by page (their edits stay
 * per page while pages are added, moved or read) and confirms the whole essay, the page breaks kept.
 */
export function TextConfirmation({ manuscript }: { manuscript: TManuscript }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locked = manuscript.status === "text_confirmed" || manuscript.status === "graded";
  const pages = manuscript.pages;
  const [drafts, setDrafts] = useState<Drafts>(() => syncDrafts({}, pages));
  const [layout, setLayout] = useState<"side" | "stacked">("side");
  const [comparing, setComparing] = useState(false);

  // pages added, read (again), moved or removed: each page's text follows its page, the teacher's edits stay
  useEffect(() => setDrafts((current) => syncDrafts(current, pages)), [pages]);

  const texts = draftTexts(drafts, pages);
  const joined = joinPageTexts(texts);
  const ocrText = joinPageTexts(pages.map((p) => p.ocrText));
  const inFlight = manuscript.job?.kind === "ocr" && manuscript.job.state !== "failed";

  // the recogniser's evidence, fetched again whenever a page is read (again)
  const readAt = pages.map((p) => p.recognizedAt ?? "").join(",");
  const evidence = useQuery({
    queryKey: readingsKey(manuscript.id, readAt),
    queryFn: () => manuscriptsApi.readings(manuscript.id),
    enabled: !locked && pages.some((p) => p.state === "read"),
  });
  const byPage = useMemo(() => readingsByPage(evidence.data?.readings ?? []), [evidence.data]);
  // each page's evidence moved over the teacher's edits
  const carried = pages.map((p, i) => carriedReadings(p.ocrText ?? "", texts[i] ?? "", byPage.get(p.id) ?? []));
  // characters the teacher accepted as read right, per page and recognition result
  const [accepted, setAccepted] = useState<Record<string, ReadonlySet<number>>>({});
  const acceptedOf = (p: TManuscriptPage) => accepted[`${p.id}@${p.recognizedAt}`] ?? new Set<number>();
  const doubtsPerPage = pages.map((p, i) => doubtful(carried[i] ?? [], acceptedOf(p), texts[i] ?? ""));
  const [active, setActive] = useState<{ pageId: string; key: number } | null>(null);
  const editors = useRef(new Map<string, DoubtEditorHandle>());
  const [dismissed, setDismissed] = useState<TDismissedSuggestion[]>([]);

  const setPageText = (pageId: string, text: string) =>
    setDrafts((current) => ({ ...current, [pageId]: { ...(current[pageId] ?? { from: null }), text } }));
  const accept = (p: TManuscriptPage, r: PageReading) => {
    const k = `${p.id}@${p.recognizedAt}`;
    setAccepted((current) => ({ ...current, [k]: new Set([...(current[k] ?? []), r.key]) }));
    const i = pages.indexOf(p);
    const next = doubtsPerPage[i]?.find((d) => d.offset > r.offset);
    if (next) editors.current.get(p.id)?.select(next);
    else {
      setActive(null);
      editors.current.get(p.id)?.focusAt(r.offset + r.length);
    }
  };
  const replace = (p: TManuscriptPage, r: PageReading, replacement: string) => {
    const i = pages.indexOf(p);
    const text = texts[i] ?? "";
    setPageText(p.id, text.slice(0, r.offset) + replacement + text.slice(r.offset + r.length));
    setActive(null);
    // the caret after the new character once the text has it, so Alt+↓ goes on from there
    requestAnimationFrame(() => editors.current.get(p.id)?.focusAt(r.offset + replacement.length));
  };
  const leaveEnd = (from: number, direction: 1 | -1) => {
    for (let k = from + direction; k >= 0 && k < pages.length; k += direction) {
      const list = doubtsPerPage[k] ?? [];
      const target = direction === 1 ? list[0] : list[list.length - 1];
      const page = pages[k];
      if (target && page) {
        editors.current.get(page.id)?.select(target);
        return true;
      }
    }
    return false;
  };

  const confirm = useMutation({
    mutationFn: () =>
      manuscriptsApi.confirm(manuscript.id, {
        ...confirmation(drafts, pages),
        ...(dismissed.length > 0 ? { dismissed } : {}),
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(manuscriptKey(updated.id), updated);
      toast({ title: t("grading.toast.confirmed"), description: t("grading.toast.confirmedDesc"), variant: "success" });
    },
    onError: (error) =>
      toast({
        title: t("grading.toast.confirmFailed"),
        description: `${t("grading.toast.confirmFailedDesc")} (${describeError(t, error)})`,
        variant: "destructive",
      }),
  });

  const emptyRecognition = recognisedNothing(manuscript);
  // confirmed as one text (the spec's single field) rather than page by page: shown as one text
  const confirmedWhole = locked && !pages.every((p) => p.confirmedText !== null);

  return (
    <Card data-testid="text-confirmation">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-lg">{t("grading.confirm.title")}</CardTitle>
          <CardDescription>{t("grading.confirm.subtitle")}</CardDescription>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            className="hidden lg:inline-flex"
            onClick={() => setLayout((l) => (l === "side" ? "stacked" : "side"))}
          >
            {layout === "side" ? <Rows2 aria-hidden="true" /> : <Columns2 aria-hidden="true" />}
            {layout === "side" ? t("grading.confirm.stacked") : t("grading.confirm.sideBySide")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setComparing((c) => !c)} data-testid="toggle-compare">
            <GitCompare aria-hidden="true" />
            {comparing ? t("grading.confirm.hideCompare") : t("grading.confirm.compare")}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {emptyRecognition ? <EmptyRecognitionTip /> : null}
        {confirmedWhole ? (
          <div className={cn("grid gap-4", layout === "side" && "lg:grid-cols-2")}>
            <div className="flex flex-col gap-3">
              {pages.map((p) => (
                <ImageViewer
                  key={p.id}
                  src={p.imageUrl}
                  alt={
                    pages.length > 1
                      ? t("grading.pages.pageOf", { number: p.number, total: pages.length })
                      : t("grading.confirm.original")
                  }
                />
              ))}
            </div>
            <textarea data-testid="essay-text" className={TEXTAREA} value={manuscript.confirmedText ?? ""} disabled />
          </div>
        ) : (
          pages.map((p, i) => (
            <PageRow
              key={p.id}
              page={p}
              total={pages.length}
              text={locked ? (p.confirmedText ?? "") : (drafts[p.id]?.text ?? "")}
              layout={layout}
              disabled={locked || confirm.isPending}
              doubts={locked ? [] : (doubtsPerPage[i] ?? [])}
              active={active?.pageId === p.id ? ((carried[i] ?? []).find((r) => r.key === active.key) ?? null) : null}
              editorRef={(h) => {
                if (h) editors.current.set(p.id, h);
                else editors.current.delete(p.id);
              }}
              onChange={(text) => setPageText(p.id, text)}
              onActivate={(r) => setActive(r ? { pageId: p.id, key: r.key } : null)}
              onAccept={(r) => accept(p, r)}
              onReplace={(r, replacement) => replace(p, r, replacement)}
              onLeaveEnd={(direction) => leaveEnd(i, direction)}
            />
          ))
        )}
        {pages.length > 1 ? (
          <p className="text-sm text-slate-600" data-testid="total-chars">
            {t("grading.pages.totalChars", {
              count: countChars(locked ? (manuscript.confirmedText ?? "") : joined),
              pages: pages.length,
            })}
          </p>
        ) : null}
        {comparing ? (
          <ComparisonView before={ocrText} after={locked ? (manuscript.confirmedText ?? "") : joined} />
        ) : null}
        {!locked ? (
          <SmartCorrection
            texts={texts}
            evidence={() =>
              evidenceForCheck(
                texts,
                carried,
                pages.map((p) => acceptedOf(p)),
              )
            }
            disabled={confirm.isPending}
            onApply={(change) =>
              setDrafts((current) => {
                const corrected = change(draftTexts(current, pages));
                const next = { ...current };
                for (const [k, p] of pages.entries()) {
                  next[p.id] = { ...(current[p.id] ?? { from: null }), text: corrected[k] ?? "" };
                }
                return next;
              })
            }
            onDismissedChange={(origin, list: TCorrectionSuggestion[]) =>
              setDismissed(dismissedForConfirm(origin, list))
            }
          />
        ) : null}
        {locked ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Lock className="size-4" aria-hidden="true" />
            {t("grading.confirm.readOnly")}
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={() => confirm.mutate()}
              disabled={!joined.trim() || confirm.isPending || inFlight}
              data-testid="confirm-text"
            >
              {confirm.isPending ? t("grading.confirm.confirming") : t("grading.confirm.button")}
            </Button>
            {inFlight ? <span className="text-sm text-slate-500">{t("grading.pages.waitForPages")}</span> : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
