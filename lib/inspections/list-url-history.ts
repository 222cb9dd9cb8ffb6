import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import type { URL_HISTORY_KINDS } from "./schemas";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { UrlHistoryEntryResponse } from "./schemas";

/** Every audit outcome and engine observation of one URL (or those of one `kind`), newest first. */
export async function listUrlHistory(ctx: OrgCtx, projectId: string, urlId: string, page: Pagination & { kind?: (typeof URL_HISTORY_KINDS)[number] }) {
  const project = await getProjectOrThrow(ctx, projectId);
  const url = await db.trackedUrl.findFirst({ where: { id: urlId, projectId: project.id, organizationId: project.organizationId }, select: { id: true } });
  if (!url) throw new DomainError("NOT_FOUND", "URL not found");
  const kind = page.kind ? Prisma.sql`AND kind = ${page.kind}::"UrlHistoryKind"` : Prisma.empty;
  const [rows, [{ n }]] = await Promise.all([
    db.$queryRaw<{ id: string; observedAt: Date; kind: string; state: Record<string, unknown>; changed: string[]; source: string }[]>(Prisma.sql`
      SELECT id::text AS id, observed_at AS "observedAt", kind::text AS kind, state, changed, source
      FROM url_history WHERE tracked_url_id = ${url.id}::uuid ${kind}
      ORDER BY observed_at DESC, id DESC OFFSET ${page.offset} LIMIT ${page.limit}`),
    db.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n FROM url_history WHERE tracked_url_id = ${url.id}::uuid ${kind}`),
  ]);
  const data = rows.map((r) => UrlHistoryEntryResponse.parse({ ...r, observedAt: r.observedAt.toISOString(), changed: r.changed ?? [] }));
  return { data, meta: pageMeta(n, page) };
}
