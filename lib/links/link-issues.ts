import type { OrgCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "@/lib/db";
import { recordUrlDetections } from "@/lib/issues/detections";
import type { LinkGraph } from "./graph";

/**
 * A link target with its tracked URL `t` and that URL's facts `uf`: a tracked URL's inlink count and samples are in
 * url_facts, an untracked node's in link_nodes (constant text). PAGES and SAMPLES read the right one.
 */
export const TARGET_FROM = Prisma.sql`link_nodes n LEFT JOIN tracked_urls t ON t.id = n.tracked_url_id LEFT JOIN url_facts uf ON uf.tracked_url_id = t.id`;
export const TARGET_PAGES = Prisma.sql`(CASE WHEN t.id IS NOT NULL THEN coalesce(uf.inlinks, 0) ELSE n.inlink_pages END)`;
export const TARGET_SAMPLES = Prisma.sql`(CASE WHEN t.id IS NOT NULL THEN uf.inlink_samples ELSE n.sample_sources END)`;

/**
 * Internal link targets that are broken: a tracked URL answering 4xx/5xx or redirecting, or an unlisted page whose
 * own fetch did, linked from at least one page (SQL text shared by the list and the job).
 */
const BROKEN_TRACKED = Prisma.sql`(t.http_status >= 400 OR t.redirect_hops > 0)`;
const BROKEN_UNLISTED = Prisma.sql`(n.fetched_at IS NOT NULL AND (n.http_status >= 400 OR n.redirect_target IS NOT NULL))`;
export const BROKEN_TARGET = Prisma.sql`((t.id IS NOT NULL AND ${BROKEN_TRACKED}) OR (t.id IS NULL AND ${BROKEN_UNLISTED}))`;

/**
 * The pages carrying a link to a broken target (the pages a person edits: audited, tracked), from the graph in memory,
 * and the number of broken targets (linked from at least one audited page: `inlinks` > 0, what TARGET_PAGES reads once
 * written). BROKEN_TARGET's two sides are read apart, each through its own index: the tracked URLs that fail or
 * redirect, and the unlisted pages whose own fetch did.
 */
export async function brokenLinkCarriers(projectId: string, graph: LinkGraph, inlinks: Int32Array): Promise<{ carriers: number[]; targets: number }> {
  const broken = await db.$queryRaw<{ node: number }[]>(Prisma.sql`
    SELECT n.node_id AS node FROM tracked_urls t JOIN link_nodes n ON n.project_id = t.project_id AND n.tracked_url_id = t.id
    WHERE t.project_id = ${projectId}::uuid AND ${BROKEN_TRACKED}
    UNION ALL
    SELECT n.node_id FROM link_nodes n
    WHERE n.project_id = ${projectId}::uuid AND n.tracked_url_id IS NULL AND ${BROKEN_UNLISTED}`);
  const isBroken = new Uint8Array(graph.maxNode + 1);
  let targets = 0;
  for (const b of broken) {
    if (b.node <= graph.maxNode && inlinks[b.node] > 0 && !isBroken[b.node]) {
      isBroken[b.node] = 1;
      targets++;
    }
  }
  const carriers: number[] = [];
  for (let s = 1; s <= graph.maxNode; s++) {
    if (!graph.tracked[s]) continue;
    for (let e = graph.start[s]; e < graph.end[s]; e++) {
      if (isBroken[graph.edges[e]] && graph.edges[e] !== s) {
        carriers.push(s);
        break;
      }
    }
  }
  return { carriers, targets };
}

/**
 * Raises and clears `broken_internal_link` (on the tracked pages that carry a link to a broken target, `carriers`:
 * brokenLinkCarriers) and `orphan_page` (tracked URLs whose orphan flag is set).
 */
export async function recordLinkIssues(ctx: OrgCtx, p: { projectId: string }, carriers: number[], now: Date): Promise<void> {
  const carrierUrls = carriers.length ? await db.$queryRaw<{ trackedUrlId: string; url: string }[]>(Prisma.sql`
    SELECT t.id::text AS "trackedUrlId", t.url FROM link_nodes n JOIN tracked_urls t ON t.id = n.tracked_url_id
    WHERE n.project_id = ${p.projectId}::uuid AND n.node_id = ANY(string_to_array(${carriers.join(",")}, ',')::int[])`) : [];
  const orphans = await db.$queryRaw<{ trackedUrlId: string; url: string }[]>(Prisma.sql`
    SELECT t.id::text AS "trackedUrlId", t.url FROM url_facts uf JOIN tracked_urls t ON t.id = uf.tracked_url_id
    WHERE uf.project_id = ${p.projectId}::uuid AND uf.orphan`);
  await withTransaction(ctx, async (ctx) => {
    await detect(ctx, p.projectId, "broken_internal_link", carrierUrls, now);
    await detect(ctx, p.projectId, "orphan_page", orphans, now);
  }, { timeout: 300_000 });
}

async function detect(ctx: OrgCtx, projectId: string, type: "broken_internal_link" | "orphan_page", affected: { trackedUrlId: string; url: string }[], now: Date) {
  const open = await dbOf(ctx).$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT m.tracked_url_id::text AS id FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
    WHERE i.project_id = ${projectId}::uuid AND i.type = ${type}::"IssueType" AND m.resolved_at IS NULL`);
  const now_ = new Set(affected.map((a) => a.trackedUrlId));
  const cleared = open.map((o) => o.id).filter((id) => !now_.has(id));
  await recordUrlDetections(ctx, projectId, type, { affected, cleared }, { source: "links" }, now);
}
