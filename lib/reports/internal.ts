import type { ClientReport, ReportSchedule } from "@/lib/db";
import { dbOf } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import type { ReportProject } from "./report-data";

/** The project facts a report shows, for a live project of a live organization; null otherwise (no name for a personal organization: it is its owner's email). */
export async function reportProject(ctx: Ctx, projectId: string, organizationId: string): Promise<ReportProject | null> {
  const tx = dbOf(ctx);
  const p = await tx.project.findFirst({
    where: { id: projectId, organizationId, deletedAt: null, organization: { deletedAt: null } },
    select: { id: true, organizationId: true, name: true, domain: true, gscConnectedAt: true, gscRevokedAt: true, engineBConnectedAt: true, organization: { select: { name: true, personal: true } } },
  });
  if (!p) return null;
  return {
    id: p.id, organizationId: p.organizationId, name: p.name, domain: p.domain, organizationName: p.organization.personal ? null : p.organization.name,
    gscConnected: Boolean(p.gscConnectedAt && !p.gscRevokedAt), bingConnected: Boolean(p.engineBConnectedAt),
  };
}

export const scheduleOf = (ctx: Ctx, projectId: string): Promise<ReportSchedule | null> => dbOf(ctx).reportSchedule.findUnique({ where: { projectId } });

/** Once a report's PDF is stored, the project's older PDFs go (their rows stay as the send log). */
export async function dropOlderPdfs(ctx: Ctx, report: Pick<ClientReport, "id" | "projectId">): Promise<void> {
  const tx = dbOf(ctx);
  await tx.clientReport.updateMany({ where: { projectId: report.projectId, id: { not: report.id }, pdf: { not: null } }, data: { pdf: null } });
}

/** "indexwatch-report-example.com-2026-11-16.pdf" (a domain is [a-z0-9.-] only). */
export const reportFileName = (domain: string, periodStart: Date) => `indexwatch-report-${domain}-${periodStart.toISOString().slice(0, 10)}.pdf`;
