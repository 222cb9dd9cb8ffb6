import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { db } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import type { RobotsImpact } from "./impact";
import { versionText } from "./robots-watch";
import type { RobotsEncoding } from "./text";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const summarySelect = {
  id: true, firstSeenAt: true, lastSeenAt: true, httpStatus: true, bytes: true, truncated: true, sha256: true, encoding: true, finalUrl: true,
  becameCurrentAt: true, linesAdded: true, linesRemoved: true,
} as const;
type SummaryRow = { id: string; firstSeenAt: Date; lastSeenAt: Date; httpStatus: number; bytes: number; truncated: boolean; sha256: string; encoding: string; finalUrl: string; becameCurrentAt: Date | null; linesAdded: number | null; linesRemoved: number | null };

function summary(v: SummaryRow, currentId: string | null) {
  return {
    id: v.id, firstSeenAt: v.firstSeenAt.toISOString(), lastSeenAt: v.lastSeenAt.toISOString(), httpStatus: v.httpStatus, bytes: v.bytes,
    truncated: v.truncated, sha256: v.sha256, encoding: v.encoding as RobotsEncoding, finalUrl: v.finalUrl, current: v.id === currentId,
    becameCurrentAt: iso(v.becameCurrentAt), linesAdded: v.linesAdded, linesRemoved: v.linesRemoved,
  };
}

async function currentVersionId(projectId: string): Promise<string | null> {
  return (await db.siteWatch.findUnique({ where: { projectId }, select: { robotsCurrentVersionId: true } }))?.robotsCurrentVersionId ?? null;
}

/** The project's robots.txt versions, newest first (by first seen), with an exact total. */
export async function listRobotsVersions(ctx: OrgCtx, projectId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: project.organizationId };
  const [total, rows, current] = await Promise.all([
    db.robotsTxtVersion.count({ where }),
    db.robotsTxtVersion.findMany({ where, select: summarySelect, orderBy: [{ firstSeenAt: "desc" }, { id: "desc" }], skip: page.offset, take: page.limit }),
    currentVersionId(project.id),
  ]);
  return { data: rows.map((r) => summary(r, current)), meta: pageMeta(total, page) };
}

/** One version with its text, its diff and its impact against the version before it; another project's id is a 404. */
export async function getRobotsVersion(ctx: OrgCtx, projectId: string, versionId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const v = await db.robotsTxtVersion.findFirst({
    where: { id: versionId, projectId: project.id, organizationId: project.organizationId },
    select: { ...summarySelect, content: true, previousVersionId: true, diff: true, impact: true },
  });
  if (!v) throw new DomainError("NOT_FOUND", "robots.txt version not found");
  const current = await currentVersionId(project.id);
  return {
    ...summary(v, current), previousVersionId: v.previousVersionId, content: versionText(v), diff: v.diff,
    impact: (v.impact as RobotsImpact | null) ?? null,
  };
}
