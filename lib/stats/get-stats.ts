import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { iso } from "@/lib/core/iso";
import { COUNTERS } from "./counters";
import { WebsiteStatsResponse } from "./schemas";

/** Live counters of a project; before any URL exists the row is absent: id null and zeros. */
export async function getStats(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const s = await db.websiteStats.findUnique({ where: { projectId: project.id } });
  const zeros = Object.fromEntries(COUNTERS.map((c) => [c, 0]));
  return WebsiteStatsResponse.parse({
    id: s?.id ?? null, organizationId: project.organizationId, projectId: project.id,
    ...(s ? Object.fromEntries(COUNTERS.map((c) => [c, s[c]])) : zeros),
    lastReconciledAt: iso(s?.lastReconciledAt), createdAt: iso(s?.createdAt), updatedAt: iso(s?.updatedAt),
  });
}
