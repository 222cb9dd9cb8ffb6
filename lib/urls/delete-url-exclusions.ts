import type { z } from "zod";
import { dbOf, Prisma, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { normalizeUrl } from "./normalize-url";
import { DeleteUrlExclusionsResponse, type deleteUrlExclusionsBody } from "./schemas";

/**
 * Lets excluded URLs come back: deletes the project's exclusions of the given URLs (each normalized as tracked URLs
 * are; one that does not parse is matched as sent), or all of them. The next sitemap sync or import that lists them
 * admits them again (a sync charges them then). One transaction, one audit entry (`project.updated`,
 * `url_exclusions.deleted`).
 */
export async function deleteUrlExclusions({ ctx, projectId, input }: { ctx: OrgCtx; projectId: string; input: z.infer<typeof deleteUrlExclusionsBody> }) {
  return withTransaction(ctx, async (c) => {
    const project = await getProjectOrThrow(c, projectId);
    const db = dbOf(c);
    let deleted: number;
    let notExcluded = 0;
    if (input.all) {
      deleted = await db.$executeRaw(Prisma.sql`DELETE FROM url_exclusions e WHERE e.project_id = ${project.id}::uuid`);
    } else {
      const urls = [...new Set((input.urls ?? []).map((raw) => { const n = normalizeUrl(raw); return n.ok ? n.url : raw; }))].sort();
      deleted = await db.$executeRaw(Prisma.sql`
        DELETE FROM url_exclusions e WHERE e.project_id = ${project.id}::uuid AND e.url = ANY(${urls}::text[])`);
      notExcluded = urls.length - deleted;
    }
    const result = DeleteUrlExclusionsResponse.parse({ deleted, notExcluded });
    await recordAudit({
      ...auditActor(c), action: "project.updated", target: { type: "project", id: project.id },
      metadata: { change: "url_exclusions.deleted", ...result, selection: input.all ? { all: true } : { urls: input.urls?.length ?? 0 } },
    }, c);
    return result;
  });
}
