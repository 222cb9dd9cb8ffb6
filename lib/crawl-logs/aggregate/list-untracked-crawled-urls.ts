import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { dbOf, Prisma } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";

/** URLs verified crawlers fetched that the project does not track (a URL tracked since drops out), most hits first. */
export async function listUntrackedCrawledUrls(ctx: OrgCtx, projectId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const notTracked = Prisma.sql`NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = c.project_id AND t.url = c.url)`;
  const [rows, [{ n }]] = await Promise.all([
    dbOf(ctx).$queryRaw<{ url: string; hits: number; status: number | null; first: Date; last: Date }[]>(Prisma.sql`
      SELECT c.url, c.verified_hits AS hits, c.last_status AS status, c.first_seen_at AS first, c.last_seen_at AS last
      FROM crawl_untracked_urls c WHERE c.project_id = ${project.id}::uuid AND ${notTracked}
      ORDER BY c.verified_hits DESC, c.url OFFSET ${page.offset} LIMIT ${page.limit}`),
    dbOf(ctx).$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n FROM crawl_untracked_urls c WHERE c.project_id = ${project.id}::uuid AND ${notTracked}`),
  ]);
  const data = rows.map((r) => ({ url: r.url, verifiedHits: r.hits, lastStatus: r.status, firstSeenAt: r.first.toISOString(), lastSeenAt: r.last.toISOString() }));
  return { data, meta: pageMeta(n, page) };
}
