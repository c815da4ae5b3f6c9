import { ZReportExportQuery, ZReportListQuery } from "@essay/contract";
import type { FastifyInstance } from "fastify";
import type { ReportsService } from "../../modules/reports/reports.service.ts";
import type { PreHandler } from "../roles.ts";
import { authOf } from "../session.ts";

/** Teacher-only: the reports page's list of every essay the teacher graded or started. */
export async function reportRoutes(
  app: FastifyInstance,
  ctx: { requireTeacher: PreHandler; reports: ReportsService },
): Promise<void> {
  const { reports, requireTeacher } = ctx;
  app.get("/api/reports", { preHandler: requireTeacher }, async (req) => {
    const { page, pageSize, ...filters } = ZReportListQuery.parse(req.query);
    return reports.list(authOf(req).user.id, filters, page, pageSize);
  });

  app.get("/api/reports/export", { preHandler: requireTeacher }, async (req, reply) => {
    const { format, lang, tz, ...filters } = ZReportExportQuery.parse(req.query);
    const user = authOf(req).user;
    const file = await reports.exportFile(user.id, filters, format, lang ?? user.workLanguage, tz ?? "UTC");
    return reply
      .type(file.contentType)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .header(
        "content-disposition",
        `attachment; filename="${format === "csv" ? "reports.csv" : "reports.xlsx"}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .send(file.bytes);
  });
}
