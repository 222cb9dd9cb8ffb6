import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { dbOf } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { reportFileName } from "./internal";

/** The newest client report's PDF (scheduled or test) with its file name; 404 NOT_FOUND before the first one. */
export async function getLatestReport(ctx: OrgCtx, projectId: string): Promise<{ pdf: Uint8Array; fileName: string }> {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await dbOf(ctx).clientReport.findFirst({
    where: { projectId: project.id, organizationId: ctx.org.id, pdf: { not: null } }, orderBy: { generatedAt: "desc" }, select: { pdf: true, periodStart: true },
  });
  if (!row?.pdf) {
    throw new DomainError("NOT_FOUND", "No client report yet: the first scheduled one comes after its period ends, or send a test report now");
  }
  return { pdf: row.pdf, fileName: reportFileName(project.domain, row.periodStart) };
}
