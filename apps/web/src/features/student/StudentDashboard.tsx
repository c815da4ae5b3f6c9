import type { TClassAddition, TStudentAssignment, TStudentClass } from "@essay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, CalendarClock, Check, FilePlus2, LogIn, School, Upload, UserPlus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { cn } from "../../lib/utils.ts";
import { useCurrentUser } from "../auth/use-current-user.ts";
import {
  FRESH_ON_OPEN,
  MY_ADDITIONS_KEY,
  MY_ASSIGNMENTS_KEY,
  MY_CLASSES_KEY,
  studentApi,
} from "../classes/classes-api.ts";
import { scoreClasses } from "../grading/score-style.ts";
import { HistoryCard } from "./HistoryCard.tsx";
import { StudentStateBadge } from "./student-status.tsx";

export const submissionPath = (id: string) => `/student/submissions/${id}`;

/** Creates (or reopens) the student's submission for an assignment and opens it. */
function useOpenSubmission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) => studentApi.createSubmission(assignmentId),
    onSuccess: async (sub) => {
      await queryClient.invalidateQueries({ queryKey: MY_ASSIGNMENTS_KEY });
      navigate(submissionPath(sub.id));
    },
    onError: (error) =>
      toast({ title: t("student.toast.createFailed"), description: describeError(t, error), variant: "destructive" }),
  });
}

/** /student: my assignments, my classes (join by code), new submission. */
export function StudentDashboard() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const assignments = useQuery<TStudentAssignment[]>({ queryKey: MY_ASSIGNMENTS_KEY, ...FRESH_ON_OPEN });
  const classes = useQuery<TStudentClass[]>({ queryKey: MY_CLASSES_KEY, ...FRESH_ON_OPEN });
  const [dialog, setDialog] = useState(false);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("student.title")}</h1>
          <p className="text-slate-600">{t("student.intro", { name: user?.name ?? "" })}</p>
        </div>
        <Button onClick={() => setDialog(true)} disabled={!classes.data?.length} data-testid="new-submission">
          <FilePlus2 aria-hidden="true" />
          {t("student.newSubmission")}
        </Button>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <BookOpen className="size-5 text-brand-600" aria-hidden="true" />
              {t("student.myAssignments")}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {assignments.isLoading ? (
              <Spinner label={t("common.loading")} />
            ) : !assignments.data?.length ? (
              <p className="text-sm text-slate-500" data-testid="no-assignments">
                {t("student.noAssignments")}
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {assignments.data.map((a) => (
                  <AssignmentItem key={a.id} assignment={a} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <ClassAdditions />
          <MyClasses classes={classes.data} loading={classes.isLoading} />
        </div>
      </div>
      <HistoryCard />
      {classes.data ? (
        <NewSubmissionDialog
          open={dialog}
          onOpenChange={setDialog}
          classes={classes.data}
          assignments={assignments.data ?? []}
        />
      ) : null}
    </div>
  );
}

function AssignmentItem({ assignment: a }: { assignment: TStudentAssignment }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const openSubmission = useOpenSubmission();
  const sub = a.submission;
  const state = sub?.state ?? "not_submitted";
  const overdue = Boolean(a.dueAt && new Date(a.dueAt) < new Date() && state === "not_submitted");
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="student-assignment">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{a.title}</span>
            <StudentStateBadge state={state} />
          </div>
          <p className="text-xs text-slate-500">
            {a.className} · {a.teacherName}
          </p>
          <p className={cn("flex items-center gap-1 text-xs", overdue ? "text-red-600" : "text-slate-500")}>
            <CalendarClock className="size-3.5" aria-hidden="true" />
            {a.dueAt ? t("classes.dueOn", { date: formatDateTime(a.dueAt, i18n.language) }) : t("classes.noDue")}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {sub?.report ? (
            <span className={cn("text-2xl font-bold", scoreClasses(sub.report.score).text)} data-testid="student-score">
              {sub.report.score}
              <span className="text-sm font-normal text-slate-500">/40</span>
            </span>
          ) : null}
          {sub ? (
            <Button
              size="sm"
              variant={state === "returned" ? "default" : "outline"}
              onClick={() => navigate(`/student/submissions/${sub.id}`)}
              data-testid="open-submission"
            >
              {state === "returned"
                ? t("student.viewReport")
                : state === "submitted"
                  ? t("student.viewSubmission")
                  : t("student.submitAssignment")}
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={openSubmission.isPending}
              onClick={() => openSubmission.mutate(a.id)}
              data-testid="submit-assignment"
            >
              <Upload aria-hidden="true" />
              {t("student.submitAssignment")}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** Classes a teacher added the student's phone to: the student joins by accepting. Hidden when there are none. */
function ClassAdditions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const additions = useQuery<TClassAddition[]>({ queryKey: MY_ADDITIONS_KEY, ...FRESH_ON_OPEN });
  const answer = useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }) =>
      accept
        ? { joined: await studentApi.acceptAddition(id) }
        : { joined: null, ...(await studentApi.declineAddition(id)) },
    onSuccess: async ({ joined }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_ADDITIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_CLASSES_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_ASSIGNMENTS_KEY }),
      ]);
      toast({
        title: joined ? t("student.toast.joined", { name: joined.name }) : t("student.toast.declined"),
        variant: "success",
      });
    },
    onError: (error) =>
      toast({ title: t("student.toast.answerFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  if (!additions.data?.length) return null;
  return (
    <Card data-testid="class-additions">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserPlus className="size-5 text-brand-600" aria-hidden="true" />
          {t("student.additions")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-slate-100">
          {additions.data.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="class-addition"
            >
              <div className="min-w-0">
                <div className="font-medium">{a.name}</div>
                <div className="text-xs text-slate-500">
                  {a.grade} · {a.subject} · {t("student.additionFrom", { teacher: a.teacherName })}
                </div>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ id: a.id, accept: true })}
                  data-testid="accept-addition"
                >
                  <Check aria-hidden="true" />
                  {t("student.accept")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ id: a.id, accept: false })}
                  data-testid="decline-addition"
                >
                  <X aria-hidden="true" />
                  {t("student.decline")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MyClasses({ classes, loading }: { classes: TStudentClass[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const join = useMutation({
    mutationFn: () => studentApi.join(code),
    onSuccess: async (joined) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_CLASSES_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_ASSIGNMENTS_KEY }),
      ]);
      setCode("");
      toast({ title: t("student.toast.joined", { name: joined.name }), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("student.toast.joinFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <School className="size-5 text-brand-600" aria-hidden="true" />
          {t("student.myClasses")}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {loading ? (
          <Spinner label={t("common.loading")} />
        ) : !classes?.length ? (
          <p className="text-sm text-slate-500">{t("student.noClasses")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {classes.map((c) => (
              <li key={c.id} className="py-2" data-testid="student-class">
                <div className="font-medium">{c.name}</div>
                <div className="text-xs text-slate-500">
                  {c.grade} · {c.subject} · {c.teacherName} · {t("student.myNumber", { number: c.studentNumber })}
                </div>
              </li>
            ))}
          </ul>
        )}
        <form
          className="flex flex-col gap-2 border-t border-slate-100 pt-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim().length !== 6) {
              toast({ title: t("student.toast.codeFormat"), variant: "destructive" });
              return;
            }
            join.mutate();
          }}
        >
          <Label htmlFor="join-code">{t("student.joinByCode")}</Label>
          <div className="flex gap-2">
            <Input
              id="join-code"
              value={code}
              maxLength={6}
              autoCapitalize="characters"
              placeholder={t("student.joinCodePlaceholder")}
              className="font-mono uppercase tracking-widest placeholder:font-sans placeholder:normal-case placeholder:tracking-normal"
              onChange={(e) => setCode(e.target.value.toUpperCase())}
            />
            <Button type="submit" variant="outline" disabled={join.isPending || !code.trim()} data-testid="join-class">
              <LogIn aria-hidden="true" />
              {t("student.join")}
            </Button>
          </div>
          <p className="text-xs text-slate-500">{t("student.joinHint")}</p>
        </form>
      </CardContent>
    </Card>
  );
}

function NewSubmissionDialog({
  open,
  onOpenChange,
  classes,
  assignments,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  classes: TStudentClass[];
  assignments: TStudentAssignment[];
}) {
  const { t } = useTranslation();
  const [classId, setClassId] = useState("");
  const [assignmentId, setAssignmentId] = useState("");
  const openSubmission = useOpenSubmission();
  const inClass = assignments.filter((a) => a.classId === classId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("student.newSubmission")}</DialogTitle>
          <DialogDescription>{t("student.newSubmissionDesc")}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!classId || !assignmentId) {
              toast({ title: t("student.toast.chooseFirst"), variant: "destructive" });
              return;
            }
            openSubmission.mutate(assignmentId, { onSuccess: () => onOpenChange(false) });
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="submission-class">{t("student.selectClass")}</Label>
            <NativeSelect
              id="submission-class"
              value={classId}
              onChange={(e) => {
                setClassId(e.target.value);
                setAssignmentId("");
              }}
            >
              <option value="">{t("student.selectClassPlaceholder")}</option>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} · {c.subject}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="submission-assignment">{t("student.selectAssignment")}</Label>
            <NativeSelect
              id="submission-assignment"
              value={assignmentId}
              disabled={!classId || inClass.length === 0}
              onChange={(e) => setAssignmentId(e.target.value)}
            >
              <option value="">
                {classId && inClass.length === 0
                  ? t("student.noAssignmentsInClass")
                  : t("student.selectAssignmentPlaceholder")}
              </option>
              {inClass.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={openSubmission.isPending} data-testid="create-submission">
              {t("student.create")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
