import type { Ctx } from "@/lib/core/context";
import { dbOf, Prisma } from "@/lib/db";
import type { PageLink } from "@/lib/audit/page-links";
import { packNofollow, packTargets } from "./pack";

export const LINK_KIND = { raw: 0, rendered: 1 } as const;

export interface PageLinksInput {
  /** The tracked URL the row belongs to (deleted with it); null for a fetched unlisted page. */
  trackedUrlId: string | null;
  /** The page's own URL (normalised): its node is the edges' source. */
  url: string;
  kind: 0 | 1;
  /** The page's internal links, or null when the page no longer has any to keep (an error answer): its row goes. */
  links: PageLink[] | null;
  linksSeen?: number;
}

/** Serialises node numbering per project (the audit's writers, renders and the graph job may number at once). */
export async function lockLinkNodes(ctx: Ctx, projectId: string): Promise<void> {
  await dbOf(ctx).$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`link_nodes:${projectId}`}, 0))`);
}

/**
 * The node numbers of URLs, numbering the new ones after the project's highest (in the caller's transaction,
 * under lockLinkNodes). A new node of a tracked URL carries its id.
 */
export async function nodeIdsOf(ctx: Ctx, p: { organizationId: string; projectId: string }, urls: string[]): Promise<Map<string, number>> {
  const tx = dbOf(ctx);
  const distinct = [...new Set(urls)];
  if (!distinct.length) return new Map();
  const list = JSON.stringify(distinct);
  await tx.$executeRaw(Prisma.sql`
    WITH wanted AS (SELECT DISTINCT u FROM jsonb_array_elements_text(${list}::jsonb) AS w(u)),
    fresh AS (
      SELECT u, row_number() OVER (ORDER BY u) AS r FROM wanted
      WHERE NOT EXISTS (SELECT 1 FROM link_nodes n WHERE n.project_id = ${p.projectId}::uuid AND n.url = wanted.u)),
    top AS (SELECT coalesce(max(node_id), 0) AS m FROM link_nodes WHERE project_id = ${p.projectId}::uuid)
    INSERT INTO link_nodes (project_id, node_id, organization_id, url, tracked_url_id)
    SELECT ${p.projectId}::uuid, top.m + fresh.r, ${p.organizationId}::uuid, fresh.u, t.id
    FROM fresh CROSS JOIN top LEFT JOIN tracked_urls t ON t.project_id = ${p.projectId}::uuid AND t.url = fresh.u`);
  const rows = await tx.$queryRaw<{ url: string; node: number }[]>(Prisma.sql`
    SELECT url, node_id AS node FROM link_nodes
    WHERE project_id = ${p.projectId}::uuid AND url IN (SELECT jsonb_array_elements_text(${list}::jsonb))`);
  return new Map(rows.map((r) => [r.url, r.node]));
}

/**
 * Replaces the outlinks of pages (one row per page and kind): targets as 4-byte node numbers, a nofollow bitset,
 * and the anchors beside them (page_link_anchors). Set-based: one numbering pass and one upsert per batch, whatever the number of links.
 */
export async function recordPageLinks(ctx: Ctx, p: { organizationId: string; projectId: string }, pages: PageLinksInput[], now: Date): Promise<void> {
  if (!pages.length) return;
  const tx = dbOf(ctx);
  await lockLinkNodes(ctx, p.projectId);
  const urls: string[] = [];
  for (const page of pages) {
    urls.push(page.url);
    for (const l of page.links ?? []) urls.push(l.url);
  }
  const nodes = await nodeIdsOf(ctx, p, urls);
  const gone = pages.filter((page) => !page.links).map((page) => ({ n: nodes.get(page.url)!, k: page.kind }));
  if (gone.length) {
    await tx.$executeRaw(Prisma.sql`
      DELETE FROM page_links l USING jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) AS v(n int, k int)
      WHERE l.project_id = ${p.projectId}::uuid AND l.node_id = v.n AND l.kind = v.k`);
  }
  const rows = new Map<string, Record<string, unknown>>();
  for (const page of pages) {
    if (!page.links) continue;
    const links = page.links.filter((l) => nodes.has(l.url));
    rows.set(`${page.url} ${page.kind}`, {
      n: nodes.get(page.url), k: page.kind, t: page.trackedUrlId,
      targets: packTargets(links.map((l) => nodes.get(l.url)!)).toString("base64"),
      nofollow: packNofollow(links.map((l) => l.nofollow)).toString("base64"),
      anchors: links.map((l) => l.anchor.replaceAll("\u0000", "")),
      seen: page.linksSeen ?? links.length,
    });
  }
  if (!rows.size) return;
  // The row, then its anchors (page_link_anchors: kept apart so the graph job's read is narrow), for the rows written.
  await tx.$executeRaw(Prisma.sql`
    WITH v AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify([...rows.values()])}::jsonb)
        AS v(n int, k int, t uuid, targets text, nofollow text, anchors jsonb, seen int)),
    written AS (
      INSERT INTO page_links (project_id, node_id, kind, organization_id, tracked_url_id, targets, nofollow, links_seen, extracted_at)
      SELECT ${p.projectId}::uuid, v.n, v.k, ${p.organizationId}::uuid, v.t, decode(v.targets, 'base64'), decode(v.nofollow, 'base64'), v.seen, ${now}
      FROM v
      ON CONFLICT (project_id, node_id, kind) DO UPDATE SET tracked_url_id = EXCLUDED.tracked_url_id, targets = EXCLUDED.targets,
        nofollow = EXCLUDED.nofollow, links_seen = EXCLUDED.links_seen, extracted_at = EXCLUDED.extracted_at
      WHERE page_links.tracked_url_id IS NULL OR EXCLUDED.tracked_url_id IS NOT NULL
      RETURNING node_id, kind)
    INSERT INTO page_link_anchors (project_id, node_id, kind, anchors)
    SELECT ${p.projectId}::uuid, v.n, v.k, ARRAY(SELECT jsonb_array_elements_text(v.anchors))
    FROM v JOIN written w ON w.node_id = v.n AND w.kind = v.k
    ON CONFLICT (project_id, node_id, kind) DO UPDATE SET anchors = EXCLUDED.anchors`);
}
