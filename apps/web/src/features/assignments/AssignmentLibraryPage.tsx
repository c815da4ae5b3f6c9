import { isSchoolYear, type TClassDetail, type TClassSummary } from "@essay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, ChevronRight, Copy, Plus, School, Trash2, UserPlus, Users, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input, Label } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { cn } from "../../lib/utils.ts";
import { CLASSES_KEY, classesApi, classKey, FRESH_ON_OPEN } from "../classes/classes-api.ts";
import { CreateAssignmentDialog } from "./CreateAssignmentDialog.tsx";
import { CreateClassDialog } from "./CreateClassDialog.tsx";

/** /assignments: the teacher's classes, their rosters and assignments. */
export function AssignmentLibraryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [classDialog, setClassDialog] = useState(false);
  const classes = useQuery<TClassSummary[]>({ queryKey: CLASSES_KEY, ...FRESH_ON_OPEN });
  const selectedId = params.get("class") ?? classes.data?.[0]?.id ?? null;
  const select = (id: string) => setParams({ class: id }, { replace: true });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("classes.title")}</h1>
          <p className="text-slate-600">{t("classes.intro")}</p>
        </div>
        <Button onClick={() => setClassDialog(true)} data-testid="new-class">
          <Plus aria-hidden="true" />
          {t("classes.newClass")}
        </Button>
      </div>
      {classes.isLoading ? (
        <Spinner label={t("common.loading")} />
      ) : !classes.data?.length ? (
        <Card className="mx-auto w-full max-w-lg text-center" data-testid="classes-empty">
          <CardHeader className="items-center">
            <School className="mb-2 size-10 text-slate-400" aria-hidden="true" />
            <CardTitle>{t("classes.empty")}</CardTitle>
            <CardDescription>{t("classes.emptyDesc")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => setClassDialog(true)}>
              <Plus aria-hidden="true" />
              {t("classes.createFirst")}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[280px_minmax(0,1fr)]">
          <nav aria-label={t("classes.myClasses")} className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t("classes.myClasses")}</h2>
            {classes.data.map((c) => (
              <button
                type="button"
                key={c.id}
                onClick={() => select(c.id)}
                data-testid="class-item"
                aria-current={c.id === selectedId ? "true" : undefined}
                className={cn(
                  "flex items-center justify-between rounded-lg border bg-white px-4 py-3 text-left transition-colors",
                  c.id === selectedId
                    ? "border-brand-500 ring-1 ring-brand-500"
                    : "border-slate-200 hover:border-slate-300",
                )}
              >
                <span>
                  <span className="block font-medium">{c.name}</span>
                  <span className="block text-xs text-slate-500">
                    {c.grade} · {c.subject}
                  </span>
                </span>
                <span className="flex items-center gap-1 text-xs text-slate-500">
                  <Users className="size-3.5" aria-hidden="true" />
                  {c.studentCount}
                </span>
              </button>
            ))}
          </nav>
          {selectedId ? <ClassPanel key={selectedId} classId={selectedId} /> : null}
        </div>
      )}
      <CreateClassDialog open={classDialog} onOpenChange={setClassDialog} onCreated={(c) => select(c.id)} />
    </div>
  );
}

function ClassPanel({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useQuery<TClassDetail>({ queryKey: classKey(classId), ...FRESH_ON_OPEN });
  const [assignmentDialog, setAssignmentDialog] = useState(false);
  const [phone, setPhone] = useState("");
  const [studentNumber, setStudentNumber] = useState("");

  const refresh = async (next: TClassDetail) => {
    queryClient.setQueryData(classKey(classId), next);
    await queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
  };
  const add = useMutation({
    mutationFn: () => {
      const trimmed = phone.replace(/[\s-]/g, "");
      return classesApi.addStudent(classId, {
        phoneNumber: trimmed.startsWith("+") ? trimmed : `+86${trimmed}`,
        studentNumber: studentNumber.trim() || undefined,
      });
    },
    onSuccess: async (next) => {
      await refresh(next);
      setPhone("");
      setStudentNumber("");
      toast({ title: t("classes.toast.studentAdded"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("classes.toast.addFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: (studentId: string) => classesApi.removeStudent(classId, studentId),
    onSuccess: refresh,
    onError: (error) =>
      toast({ title: t("classes.toast.removeFailed"), description: describeError(t, error), variant: "destructive" }),
  });
  const cancelPending = useMutation({
    mutationFn: (additionId: string) => classesApi.removePending(classId, additionId),
    onSuccess: async (next) => {
      await refresh(next);
      toast({ title: t("classes.toast.pendingRemoved"), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("classes.toast.removeFailed"), description: describeError(t, error), variant: "destructive" }),
  });

  if (detail.isLoading || !detail.data) return <Spinner label={t("common.loading")} />;
  const c = detail.data;

  return (
    <div className="flex flex-col gap-6" data-testid="class-panel">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div>
            <CardTitle>{c.name}</CardTitle>
            <CardDescription>
              {c.grade} · {c.subject} · {t("classes.studentCount", { n: c.studentCount })}
            </CardDescription>
          </div>
          <div className="rounded-lg border border-dashed border-brand-300 bg-brand-50 px-4 py-2 text-center">
            <div className="text-xs text-slate-600">{t("classes.joinCode")}</div>
            <div className="flex items-center gap-2">
              <span className="font-mono text-xl font-bold tracking-widest text-brand-700" data-testid="join-code">
                {c.joinCode}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("classes.copyCode")}
                onClick={() => {
                  void navigator.clipboard?.writeText(c.joinCode);
                  toast({ title: t("classes.toast.codeCopied"), variant: "success" });
                }}
              >
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <div className="text-xs text-slate-500">{t("classes.joinCodeHint")}</div>
          </div>
        </CardHeader>
      </Card>

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-4">
          <CardTitle className="text-lg">{t("classes.assignments")}</CardTitle>
          <Button size="sm" onClick={() => setAssignmentDialog(true)} data-testid="new-assignment">
            <Plus aria-hidden="true" />
            {t("classes.newAssignment")}
          </Button>
        </CardHeader>
        <CardContent>
          {c.assignments.length === 0 ? (
            <p className="text-sm text-slate-500">{t("classes.noAssignments")}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100">
              {c.assignments.map((a) => (
                <li key={a.id}>
                  <Link
                    to={`/assignments/${a.id}`}
                    className="flex items-center justify-between gap-4 py-3 hover:bg-slate-50"
                    data-testid="assignment-item"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{a.title}</span>
                      <span className="flex items-center gap-1 text-xs text-slate-500">
                        <CalendarClock className="size-3.5" aria-hidden="true" />
                        {a.dueAt ? formatDateTime(a.dueAt, i18n.language) : t("classes.noDue")}
                      </span>
                    </span>
                    <span className="flex shrink-0 items-center gap-3 text-xs text-slate-600">
                      <span>{t("classes.submittedOf", { done: a.submittedCount, total: a.studentCount })}</span>
                      <span>{t("classes.gradedN", { n: a.gradedCount })}</span>
                      <span>{t("classes.releasedN", { n: a.releasedCount })}</span>
                      <ChevronRight className="size-4" aria-hidden="true" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("classes.students")}</CardTitle>
          <CardDescription>{t("classes.studentsDesc")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <form
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_160px_auto] sm:items-end"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!/^\+?\d{7,15}$/.test(phone.replace(/[\s-]/g, ""))) {
                toast({ title: t("classes.toast.invalidPhone"), variant: "destructive" });
                return;
              }
              add.mutate();
            }}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor="student-phone">{t("classes.studentPhone")}</Label>
              <Input
                id="student-phone"
                inputMode="tel"
                maxLength={16}
                value={phone}
                placeholder={t("classes.studentPhonePlaceholder")}
                onChange={(e) => setPhone(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="student-number">{t("classes.studentNumber")}</Label>
              <Input
                id="student-number"
                maxLength={30}
                value={studentNumber}
                placeholder={t("classes.optional")}
                onChange={(e) => setStudentNumber(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={add.isPending || !phone.trim()} data-testid="add-student">
              <UserPlus aria-hidden="true" />
              {t("classes.addStudent")}
            </Button>
          </form>
          {c.pending.length > 0 ? (
            <section className="rounded-lg border border-dashed border-slate-300 p-3" data-testid="pending-list">
              <h3 className="text-sm font-medium">{t("classes.pending")}</h3>
              <p className="text-xs text-slate-500">{t("classes.pendingDesc")}</p>
              <ul className="mt-2 flex flex-col divide-y divide-slate-100">
                {c.pending.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-2 py-1" data-testid="pending-row">
                    <span className="text-sm">
                      <span className="font-mono">{p.phoneNumber}</span>
                      {p.studentNumber ? <span className="ml-2 text-xs text-slate-500">{p.studentNumber}</span> : null}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t("classes.cancelPending", { phone: p.phoneNumber })}
                      disabled={cancelPending.isPending}
                      onClick={() => cancelPending.mutate(p.id)}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {c.students.length === 0 ? (
            <p className="text-sm text-slate-500">{t("classes.noStudents")}</p>
          ) : (
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-slate-500">
                <tr>
                  <th className="py-2 pr-2 font-medium">{t("classes.studentNumber")}</th>
                  <th className="py-2 pr-2 font-medium">{t("classes.studentName")}</th>
                  <th className="hidden py-2 pr-2 font-medium sm:table-cell">{t("classes.phone")}</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">{t("classes.remove")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {c.students.map((s) => (
                  <tr key={s.id} data-testid="student-row">
                    <td className="py-2 pr-2 font-mono text-xs">{s.studentNumber}</td>
                    <td className="py-2 pr-2">{s.name}</td>
                    <td className="hidden py-2 pr-2 text-slate-500 sm:table-cell">{s.phoneNumber}</td>
                    <td className="py-2 text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t("classes.removeStudent", { name: s.name })}
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(t("classes.removeConfirm", { name: s.name }))) remove.mutate(s.id);
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <CreateAssignmentDialog
        key={`${classId}-${c.schoolYear}`}
        classId={classId}
        classYear={isSchoolYear(c.schoolYear) ? c.schoolYear : null}
        open={assignmentDialog}
        onOpenChange={setAssignmentDialog}
      />
    </div>
  );
}
