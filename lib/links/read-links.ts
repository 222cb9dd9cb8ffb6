import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { db, Prisma } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { BROKEN_TARGET, TARGET_FROM, TARGET_PAGES, TARGET_SAMPLES } from "./link-issues";
import { unpackTargets, isNofollow } from "./pack";
import type { BrokenLinkResponse, UnlistedPageResponse, UrlLinksResponse } from "./schemas";

const OUTLINKS_SHOWN = 100;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Row = { node: number; targets: Uint8Array; nofollow: Uint8Array; anchors: string[] | null; seen: number; at: Date };

/** The anchor text each source gives `target` (the first of its rows that links there), with the sources' URLs. */
async function sourcesWithAnchors(projectId: string, pairs: { source: number; target: number }[]): Promise<Map<string, { url: string; anchorText: string }>> {
  const out = new Map<string, { url: string; anchorText: string }>();
  if (!pairs.length) return out;
  const sources = [...new Set(pairs.map((p) => p.source))];
  const rows = await db.$queryRaw<(Row & { url: string })[]>(Prisma.sql`
    SELECT n.node_id AS node, n.url, l.targets, l.nofollow, a.anchors, l.links_seen AS seen, l.extracted_at AS at
    FROM link_nodes n LEFT JOIN page_links l ON l.project_id = n.project_id AND l.node_id = n.node_id
      LEFT JOIN page_link_anchors a ON a.project_id = l.project_id AND a.node_id = l.node_id AND a.kind = l.kind
    WHERE n.project_id = ${projectId}::uuid AND n.node_id = ANY(string_to_array(${sources.join(",")}, ',')::int[])
    ORDER BY n.node_id, l.kind`);
  for (const { source, target } of pairs) {
    const mine = rows.filter((r) => r.node === source);
    let anchorText = "";
    for (const r of mine) {
      if (!r.targets) continue;
      const i = unpackTargets(r.targets).indexOf(target);
      if (i >= 0) {
        anchorText = r.anchors?.[i] ?? "";
        break;
      }
    }
    if (mine.length) out.set(`${source} ${target}`, { url: mine[0].url, anchorText });
  }
  return out;
}

/** One tracked URL's links: inlinks with samples and anchor text, outlinks, click depth, orphan. Another organization's id is a 404. */
export async function getUrlLinks(ctx: OrgCtx, projectId: string, urlId: string): Promise<UrlLinksResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const [url] = await db.$queryRaw<{ url: string; redirect: string | null; inlinks: number | null; samples: Uint8Array | null; nfo: boolean | null; depth: number | null; orphan: boolean | null }[]>(Prisma.sql`
    SELECT t.url, t.redirect_target AS redirect, uf.inlinks, uf.inlink_samples AS samples, uf.inlinks_nofollow_only AS nfo, uf.click_depth AS depth, uf.orphan
    FROM tracked_urls t LEFT JOIN url_facts uf ON uf.tracked_url_id = t.id
    WHERE t.id = ${urlId}::uuid AND t.project_id = ${project.id}::uuid AND t.organization_id = ${ctx.org.id}::uuid`);
  if (!url) throw new DomainError("NOT_FOUND", "URL not found");
  const nodes = await db.$queryRaw<{ node: number; url: string }[]>(Prisma.sql`
    SELECT node_id AS node, url FROM link_nodes
    WHERE project_id = ${project.id}::uuid AND url IN (${Prisma.join([url.url, url.redirect ?? url.url])})`);
  const own = nodes.find((n) => n.url === url.url);
  const pageNode = nodes.find((n) => n.url === url.redirect) ?? own;
  const samplePairs = own && url.samples ? [...unpackTargets(url.samples)].map((s) => ({ source: s, target: own.node })) : [];
  const [samples, outRows, state] = await Promise.all([
    sourcesWithAnchors(project.id, samplePairs),
    pageNode ? db.$queryRaw<Row[]>(Prisma.sql`
      SELECT l.node_id AS node, l.targets, l.nofollow, a.anchors, l.links_seen AS seen, l.extracted_at AS at FROM page_links l
        LEFT JOIN page_link_anchors a ON a.project_id = l.project_id AND a.node_id = l.node_id AND a.kind = l.kind
      WHERE l.project_id = ${project.id}::uuid AND l.node_id = ${pageNode.node} ORDER BY l.kind`) : Promise.resolve([] as Row[]),
    db.linkGraphState.findUnique({ where: { projectId: project.id } }),
  ]);
  const outlinks = await outlinksOf(project.id, outRows);
  return {
    inlinks: {
      pages: url.inlinks, nofollowOnly: url.nfo,
      sample: samplePairs.map((p) => samples.get(`${p.source} ${p.target}`)).filter((s): s is { url: string; anchorText: string } => !!s),
    },
    outlinks,
    clickDepth: url.depth,
    orphan: url.orphan,
    graph: { computedAt: iso(state?.computedAt ?? null), completeAt: iso(state?.completeAt ?? null) },
  };
}

async function outlinksOf(projectId: string, rows: Row[]): Promise<UrlLinksResponse["outlinks"]> {
  // The page's raw row, then its rendered one (kind 1): a target in both is listed once, followed if either link is.
  const items: { node: number; anchorText: string; nofollow: boolean }[] = [];
  const byTarget = new Map<number, { node: number; anchorText: string; nofollow: boolean }>();
  for (const r of rows) {
    const targets = unpackTargets(r.targets);
    targets.forEach((t, i) => {
      const known = byTarget.get(t);
      if (known) {
        if (!isNofollow(r.nofollow, i)) known.nofollow = false;
        return;
      }
      const item = { node: t, anchorText: r.anchors?.[i] ?? "", nofollow: isNofollow(r.nofollow, i) };
      byTarget.set(t, item);
      items.push(item);
    });
  }
  const shown = items.slice(0, OUTLINKS_SHOWN);
  const targets = shown.length ? await db.$queryRaw<{ node: number; url: string; tracked: boolean }[]>(Prisma.sql`
    SELECT node_id AS node, url, tracked_url_id IS NOT NULL AS tracked FROM link_nodes
    WHERE project_id = ${projectId}::uuid AND node_id = ANY(string_to_array(${shown.map((s) => s.node).join(",")}, ',')::int[])`) : [];
  const byNode = new Map(targets.map((t) => [t.node, t]));
  return {
    count: items.length,
    seen: rows.reduce((n, r) => Math.max(n, r.seen), 0),
    items: shown.filter((s) => byNode.has(s.node)).map((s) => ({ url: byNode.get(s.node)!.url, anchorText: s.anchorText, nofollow: s.nofollow, tracked: byNode.get(s.node)!.tracked })),
    extractedAt: iso(rows.reduce<Date | null>((d, r) => (!d || r.at > d ? r.at : d), null)),
  };
}

/** Internal link targets answering 4xx/5xx or redirecting, most linked first, each with the pages carrying it. */
export async function listBrokenLinks(ctx: OrgCtx, projectId: string, page: Pagination): Promise<{ data: BrokenLinkResponse[]; meta: ReturnType<typeof pageMeta> }> {
  const project = await getProjectOrThrow(ctx, projectId);
  const from = Prisma.sql`FROM ${TARGET_FROM}
    WHERE n.project_id = ${project.id}::uuid AND n.organization_id = ${ctx.org.id}::uuid AND ${TARGET_PAGES} > 0 AND ${BROKEN_TARGET}`;
  const [[{ total }], rows] = await Promise.all([
    db.$queryRaw<{ total: bigint }[]>(Prisma.sql`SELECT count(*) AS total ${from}`),
    db.$queryRaw<{ node: number; url: string; status: number | null; redirect: string | null; pages: number; samples: Uint8Array | null }[]>(Prisma.sql`
      SELECT n.node_id AS node, n.url, CASE WHEN t.id IS NOT NULL THEN t.http_status ELSE n.http_status END AS status,
             CASE WHEN t.id IS NOT NULL THEN t.redirect_target ELSE n.redirect_target END AS redirect,
             ${TARGET_PAGES} AS pages, ${TARGET_SAMPLES} AS samples
      ${from} ORDER BY pages DESC, n.node_id OFFSET ${page.offset} LIMIT ${page.limit}`),
  ]);
  const sampled = rows.map((r) => ({ ...r, sources: r.samples ? [...unpackTargets(r.samples)] : [] }));
  const pairs = sampled.flatMap((r) => r.sources.map((s) => ({ source: s, target: r.node })));
  const anchors = await sourcesWithAnchors(project.id, pairs);
  return {
    data: sampled.map((r) => ({
      target: r.url, status: r.status, redirectTarget: r.redirect, sourcePages: r.pages,
      sampleSources: r.sources.map((s) => anchors.get(`${s} ${r.node}`)).filter((s): s is { url: string; anchorText: string } => !!s),
    })),
    meta: pageMeta(Number(total), page),
  };
}

/** Link targets the project does not track (linked from at least one audited page), most linked first. */
export async function listUnlistedPages(ctx: OrgCtx, projectId: string, page: Pagination): Promise<{ data: UnlistedPageResponse[]; meta: ReturnType<typeof pageMeta> }> {
  const project = await getProjectOrThrow(ctx, projectId);
  const from = Prisma.sql`FROM link_nodes n
    WHERE n.project_id = ${project.id}::uuid AND n.organization_id = ${ctx.org.id}::uuid AND n.tracked_url_id IS NULL AND n.inlink_pages > 0`;
  const [[{ total }], rows] = await Promise.all([
    db.$queryRaw<{ total: bigint }[]>(Prisma.sql`SELECT count(*) AS total ${from}`),
    db.$queryRaw<{ url: string; pages: number; first: Date; status: number | null; redirect: string | null; fetched: Date | null }[]>(Prisma.sql`
      SELECT n.url, n.inlink_pages AS pages, n.first_seen_at AS first, n.http_status AS status, n.redirect_target AS redirect, n.fetched_at AS fetched
      ${from} ORDER BY n.inlink_pages DESC, n.node_id OFFSET ${page.offset} LIMIT ${page.limit}`),
  ]);
  return {
    data: rows.map((r) => ({
      url: r.url, inlinkPages: r.pages, firstSeenAt: r.first.toISOString(), status: r.status, redirectTarget: r.redirect,
      fetchedAt: iso(r.fetched), trackable: hostOf(r.url) === project.domain,
    })),
    meta: pageMeta(Number(total), page),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
