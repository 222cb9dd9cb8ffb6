import { createAuditRunner } from "@/lib/audit/runner";
import { getDefaultRobotsCache } from "@/lib/audit/robots-cache";
import type { AuditOutcome } from "@/lib/audit/types";
import { systemCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "@/lib/db";
import { getDefaultFetcher } from "@/lib/net/safe-fetch";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import { twinHost } from "@/lib/audit/page-links";
import { LINK_KIND, recordPageLinks, type PageLinksInput } from "./record-page-links";

/** Unlisted pages (linked, not tracked) fetched per project and run, and how long a fetch stays good. */
export const UNLISTED_FETCHES_PER_RUN = 100;
export const UNLISTED_REFETCH_DAYS = 30;

export interface UnlistedRunner {
  run(urls: string[], onOutcome: (o: AuditOutcome) => Promise<void> | void): Promise<void>;
}

/** The audit's runner on the process-wide fetcher: robots.txt obeyed, the per-host slots and Crawl-delay shared with audits. */
export function defaultUnlistedRunner(): UnlistedRunner {
  return createAuditRunner({ fetcher: getDefaultFetcher(), robots: getDefaultRobotsCache() });
}

/**
 * Fetches up to UNLISTED_FETCHES_PER_RUN link targets the project does not track (never fetched, or not for
 * UNLISTED_REFETCH_DAYS; most linked first), as an audit does (robots.txt, the audit's per-host pacing, the safe
 * fetcher): their answer tells broken links apart, and a page's own links extend the graph for click depth.
 */
export async function fetchUnlistedPages(p: { organizationId: string; projectId: string }, runner: UnlistedRunner = defaultUnlistedRunner(), now = new Date()): Promise<number> {
  const [project] = await db.$queryRaw<{ domain: string }[]>(Prisma.sql`SELECT domain FROM projects WHERE id = ${p.projectId}::uuid AND deleted_at IS NULL`);
  if (!project) return 0;
  const hosts = new Set([project.domain, twinHost(project.domain)]);
  const stale = new Date(now.getTime() - UNLISTED_REFETCH_DAYS * 86_400_000);
  const due = await db.$queryRaw<{ node: number; url: string }[]>(Prisma.sql`
    SELECT node_id AS node, url FROM link_nodes n
    WHERE project_id = ${p.projectId}::uuid AND tracked_url_id IS NULL AND (fetched_at IS NULL OR fetched_at < ${stale})
      AND NOT EXISTS (SELECT 1 FROM page_links l WHERE l.project_id = n.project_id AND l.node_id = n.node_id AND l.tracked_url_id IS NOT NULL)
    ORDER BY inlink_pages DESC, node_id LIMIT ${UNLISTED_FETCHES_PER_RUN}`);
  const urls = due.filter((d) => {
    const n = normalizeUrl(d.url);
    return n.ok && hosts.has(n.host);
  });
  if (!urls.length) return 0;
  const nodeOf = new Map(urls.map((u) => [u.url, u.node]));
  const outcomes: AuditOutcome[] = [];
  await runner.run(urls.map((u) => u.url), (o) => { if (nodeOf.has(o.url)) outcomes.push(o); });
  const ctx = systemCtx("links-fetch-unlisted", p.organizationId);
  await withTransaction(ctx, async (ctx) => {
    const rows = outcomes.map((o) => ({
      n: nodeOf.get(o.url), s: typeof o.httpStatus === "number" ? o.httpStatus : null,
      r: o.redirectTarget ?? null, e: o.healthError ?? (o.robots?.blockedFor.length ? "blocked by robots.txt" : null),
    }));
    await dbOf(ctx).$executeRaw(Prisma.sql`
      UPDATE link_nodes n SET fetched_at = ${now}, http_status = v.s, redirect_target = v.r, fetch_error = v.e
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(n int, s int, r text, e text)
      WHERE n.project_id = ${p.projectId}::uuid AND n.node_id = v.n`);
    const pages: PageLinksInput[] = [];
    for (const o of outcomes) {
      if (o.fields?.links && !o.redirectTarget) pages.push({ trackedUrlId: null, url: o.url, kind: LINK_KIND.raw, links: o.fields.links, linksSeen: o.fields.linksSeen });
    }
    await recordPageLinks(ctx, p, pages, now);
  }, { timeout: 60_000 });
  return outcomes.length;
}
