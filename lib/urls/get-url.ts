import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toTrackedUrlResponse, withFacts } from "./internal";

/** One tracked URL of a live project of the caller's organization, or 404. */
export async function getUrl(ctx: OrgCtx, projectId: string, urlId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await db.trackedUrl.findFirst({ where: { id: urlId, projectId: project.id, organizationId: project.organizationId }, include: { facts: true, causes: true } });
  if (!row) throw new DomainError("NOT_FOUND", "URL not found");
  return toTrackedUrlResponse(withFacts(row));
}
