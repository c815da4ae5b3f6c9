import { ZReportListQuery } from "@essay/contract";
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
}
