import { REPORTS_EXPORT_MAX, type TReportList, type TReportRow } from "@essay/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Download, FileBarChart } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { describeError } from "../../lib/error-message.ts";
import { DeleteReportDialog } from "./DeleteReportDialog.tsx";
import { ReportFiltersBar } from "./ReportFiltersBar.tsx";
import { ReportsTable } from "./ReportsTable.tsx";
import { apiQuery, type ReportFilterState, readFilters, writeFilters } from "./report-filters.ts";
import { exportUrl, reportsApi, reportsPageKey } from "./reports-api.ts";

const PAGE_SIZE = 20;

/** /reports: every essay the teacher graded or started, filtered and paged on the server. */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = apiQuery(filters, PAGE_SIZE);
  const queryClient = useQueryClient();
  const list = useQuery<TReportList>({
    queryKey: reportsPageKey(query),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
  const [deleting, setDeleting] = useState<TReportRow | null>(null);

  const onChange = useCallback(
    (next: ReportFilterState) => setParams(writeFilters(next), { replace: true }),
    [setParams],
  );

  const remove = useMutation({
    mutationFn: (row: TReportRow) => reportsApi.remove(row.id),
    onSuccess: async (_r, row) => {
      setDeleting(null);
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/reports") });
      toast({ title: t("reports.delete.done", { name: row.studentName }), variant: "success" });
    },
    onError: (error) =>
      toast({ title: t("reports.delete.failed"), description: describeError(t, error), variant: "destructive" }),
  });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileBarChart className="size-5 text-brand-600" aria-hidden="true" />
            {t("reports.title")}
          </CardTitle>
          <CardDescription>{t("reports.intro")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ReportFiltersBar filters={filters} onChange={onChange} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle className="text-lg" data-testid="reports-total">
            {data ? t("reports.total", { count: data.total }) : t("common.loading")}
          </CardTitle>
          <div className="flex items-center gap-2">
            {list.isFetching && data ? <Spinner className="size-4" /> : null}
            {data && data.total > 0
              ? (["csv", "xlsx"] as const).map((format) => (
                  <Button key={format} asChild variant="outline" size="sm">
                    <a
                      href={exportUrl(query, format, i18n.language)}
                      download
                      data-testid={`export-${format}`}
                      title={t("reports.export.hint", { count: Math.min(data.total, REPORTS_EXPORT_MAX) })}
                    >
                      <Download aria-hidden="true" />
                      {t(`reports.export.${format}`)}
                    </a>
                  </Button>
                ))
              : null}
          </div>
        </CardHeader>
        <CardContent>
          {list.isLoading ? (
            <Spinner label={t("common.loading")} />
          ) : list.error ? (
            <div className="flex flex-col items-start gap-3" role="alert">
              <p className="text-sm text-red-700">{describeError(t, list.error)}</p>
              <Button variant="outline" onClick={() => list.refetch()}>
                {t("common.retry")}
              </Button>
            </div>
          ) : !data || data.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500" data-testid="reports-empty">
              {data && data.total > 0 ? t("reports.pastEnd") : t("reports.empty")}
            </p>
          ) : (
            <>
              <ReportsTable rows={data.items} onDelete={setDeleting} />
              <nav
                className="mt-4 flex items-center justify-between gap-2 text-sm"
                aria-label={t("reports.pagination")}
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled={filters.page <= 1}
                  onClick={() => onChange({ ...filters, page: filters.page - 1 })}
                >
                  <ChevronLeft aria-hidden="true" />
                  {t("reports.previous")}
                </Button>
                <span className="text-slate-600" data-testid="reports-page">
                  {t("reports.pageOf", { page: filters.page, pages })}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={filters.page >= pages}
                  onClick={() => onChange({ ...filters, page: filters.page + 1 })}
                >
                  {t("reports.next")}
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            </>
          )}
        </CardContent>
      </Card>
      <DeleteReportDialog
        row={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(row) => remove.mutate(row)}
      />
    </div>
  );
}
