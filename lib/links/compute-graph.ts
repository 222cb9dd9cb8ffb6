import { systemCtx, type OrgCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "@/lib/db";
import { computeMetrics, graphBuilder, SAMPLE_SOURCES, type GraphMetrics, type LinkGraph } from "./graph";
import { lockLinkNodes } from "./record-page-links";
import { homeStarts } from "./home";
import { recordLinkIssues } from "./link-issues";

export interface LinkGraphReport {
  nodes: number;
  edges: number;
  /** Every tracked URL audited since the last complete cycle: orphans were claimed (and the mark moved). */
  complete: boolean;
  orphans: number;
  brokenTargets: number;
  reachable: number;
  durationMs: number;
}

export interface ProjectRef {
  organizationId: string;
  projectId: string;
}

/** Rows of page_links read at once, and nodes written per statement. */
const READ_CHUNK = 20_000;
const WRITE_CHUNK = 50_000;

/**
 * The graph's metrics for one project: every tracked URL gets a node, the edges are streamed into typed arrays
 * (4 bytes an edge, no per-URL query), inlinks, nofollow-only, samples and click depth are computed in memory and
 * written back set-wise in chunks; orphans are claimed only when the cycle is complete (docs/links.md).
 */
export async function computeLinkGraph(p: ProjectRef, now = new Date()): Promise<LinkGraphReport> {
  const started = performance.now();
  const ctx = systemCtx("links-compute-graph", p.organizationId);
  await withTransaction(ctx, async (ctx) => {
    await lockLinkNodes(ctx, p.projectId);
    await syncTrackedNodes(ctx, p);
  });
  const cycle = await cycleState(p.projectId);
  const graph = await loadGraph(p.projectId);
  const starts = await homeStarts(ctx, p, graph.maxNode);
  const metrics = computeMetrics(graph, starts);
  await writeMetrics(p.projectId, graph.maxNode, metrics);
  const orphans = await writeOrphans(p.projectId, cycle);
  const broken = await recordLinkIssues(ctx, p, graph, now);
  const durationMs = Math.round(performance.now() - started);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO link_graph_state (project_id, organization_id, computed_at, complete_through, complete_at, nodes, edges, duration_ms)
    VALUES (${p.projectId}::uuid, ${p.organizationId}::uuid, ${now}, ${cycle.complete ? cycle.newest : null}, ${cycle.complete ? now : null},
            ${graph.maxNode}, ${graph.edges.length}, ${durationMs})
    ON CONFLICT (project_id) DO UPDATE SET computed_at = EXCLUDED.computed_at, nodes = EXCLUDED.nodes, edges = EXCLUDED.edges,
      duration_ms = EXCLUDED.duration_ms,
      complete_through = coalesce(EXCLUDED.complete_through, link_graph_state.complete_through),
      complete_at = coalesce(EXCLUDED.complete_at, link_graph_state.complete_at)`);
  let reachable = 0;
  for (let i = 1; i <= graph.maxNode; i++) if (metrics.depth[i] >= 0) reachable++;
  return { nodes: graph.maxNode, edges: graph.edges.length, complete: cycle.complete, orphans, brokenTargets: broken, reachable, durationMs };
}

/** Every tracked URL has a node, and every node knows whether (and as which id) its URL is tracked now. */
async function syncTrackedNodes(ctx: OrgCtx, p: ProjectRef) {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO link_nodes (project_id, node_id, organization_id, url, tracked_url_id)
    SELECT ${p.projectId}::uuid, (SELECT coalesce(max(node_id), 0) FROM link_nodes WHERE project_id = ${p.projectId}::uuid)
             + row_number() OVER (ORDER BY t.id), ${p.organizationId}::uuid, t.url, t.id
    FROM tracked_urls t
    WHERE t.project_id = ${p.projectId}::uuid
      AND NOT EXISTS (SELECT 1 FROM link_nodes n WHERE n.project_id = t.project_id AND n.url = t.url)`);
  await tx.$executeRaw(Prisma.sql`
    UPDATE link_nodes n SET tracked_url_id = x.id
    FROM (SELECT n2.node_id, t.id FROM link_nodes n2 LEFT JOIN tracked_urls t ON t.project_id = n2.project_id AND t.url = n2.url
          WHERE n2.project_id = ${p.projectId}::uuid) x
    WHERE n.project_id = ${p.projectId}::uuid AND n.node_id = x.node_id AND n.tracked_url_id IS DISTINCT FROM x.id`);
}

interface CycleState {
  complete: boolean;
  /** The newest audit of the cycle (the next cycle's mark when complete). */
  newest: Date | null;
  /** The previous complete cycle's mark. */
  mark: Date | null;
}

/**
 * The complete-cycle rule: complete when every tracked URL has been audited after the mark (the newest audit of
 * the last complete cycle; none before the first), whatever triggered the audits.
 */
export async function cycleState(projectId: string): Promise<CycleState> {
  const [row] = await db.$queryRaw<{ mark: Date | null; pending: bigint; total: bigint; newest: Date | null }[]>(Prisma.sql`
    WITH s AS (SELECT complete_through AS mark FROM link_graph_state WHERE project_id = ${projectId}::uuid)
    SELECT (SELECT mark FROM s) AS mark, count(*) AS total, max(t.last_audit_at) AS newest,
           count(*) FILTER (WHERE t.last_audit_at IS NULL OR t.last_audit_at <= coalesce((SELECT mark FROM s), '-infinity'::timestamptz)) AS pending
    FROM tracked_urls t WHERE t.project_id = ${projectId}::uuid`);
  return { complete: Number(row.total) > 0 && Number(row.pending) === 0, newest: row.newest, mark: row.mark };
}

/** Streams page_links (keyset by source node) into a LinkGraph: at most READ_CHUNK rows in memory at once. */
export async function loadGraph(projectId: string): Promise<LinkGraph> {
  const [size] = await db.$queryRaw<{ maxnode: number | null; edges: bigint | null }[]>(Prisma.sql`
    SELECT (SELECT max(node_id) FROM link_nodes WHERE project_id = ${projectId}::uuid) AS maxnode,
           (SELECT sum(length(targets) / 4) FROM page_links WHERE project_id = ${projectId}::uuid) AS edges`);
  const maxNode = size.maxnode ?? 0;
  const tracked = new Uint8Array(maxNode + 1);
  const [list] = await db.$queryRaw<{ ids: string | null }[]>(Prisma.sql`
    SELECT string_agg(node_id::text, ',') AS ids FROM (
      SELECT node_id FROM link_nodes WHERE project_id = ${projectId}::uuid AND tracked_url_id IS NOT NULL
      UNION SELECT node_id FROM page_links WHERE project_id = ${projectId}::uuid AND tracked_url_id IS NOT NULL) audited`);
  if (list.ids) for (const id of list.ids.split(",")) tracked[Number(id)] = 1;
  const builder = graphBuilder(maxNode, Number(size.edges ?? 0), tracked);
  let after = { node: 0, kind: -1 };
  for (;;) {
    const rows = await db.$queryRaw<{ node: number; kind: number; targets: Uint8Array; nofollow: Uint8Array }[]>(Prisma.sql`
      SELECT node_id AS node, kind, targets, nofollow FROM page_links
      WHERE project_id = ${projectId}::uuid AND (node_id, kind) > (${after.node}::int, ${after.kind}::int)
      ORDER BY node_id, kind LIMIT ${READ_CHUNK}`);
    for (const r of rows) builder.add(r.node, r.targets, r.nofollow);
    if (rows.length < READ_CHUNK) break;
    after = { node: rows[rows.length - 1].node, kind: rows[rows.length - 1].kind };
  }
  return builder.finish();
}

/** Writes the node metrics (changed rows only) and the tracked URLs' inlinks, nofollow-only and click depth, in chunks. */
async function writeMetrics(projectId: string, maxNode: number, m: GraphMetrics) {
  for (let from = 1; from <= maxNode; from += WRITE_CHUNK) {
    const to = Math.min(maxNode, from + WRITE_CHUNK - 1);
    const nodes: number[] = [];
    const inl: number[] = [];
    const nfo: string[] = [];
    const depth: string[] = [];
    const samples: string[] = [];
    for (let i = from; i <= to; i++) {
      nodes.push(i);
      inl.push(m.inlinks[i]);
      nfo.push(m.inlinks[i] > 0 && !m.followed[i] ? "t" : "f");
      depth.push(m.depth[i] >= 0 ? String(m.depth[i]) : "");
      const s: number[] = [];
      for (let k = 0; k < SAMPLE_SOURCES && k < m.inlinks[i]; k++) s.push(m.samples[i * SAMPLE_SOURCES + k]);
      samples.push(s.join(" "));
    }
    await db.$executeRaw(Prisma.sql`
      WITH v AS (
        SELECT * FROM unnest(string_to_array(${nodes.join(",")}, ',')::int[], string_to_array(${inl.join(",")}, ',')::int[],
          string_to_array(${nfo.join(",")}, ',')::bool[], string_to_array(${depth.join(",")}, ',', '')::int[],
          string_to_array(${samples.join(",")}, ',')) AS v(node, inl, nfo, depth, samples)),
      n AS (
        UPDATE link_nodes n SET inlink_pages = v.inl, click_depth = v.depth, sample_sources = string_to_array(v.samples, ' ')::int[]
        FROM v WHERE n.project_id = ${projectId}::uuid AND n.node_id = v.node
          AND (n.inlink_pages, n.click_depth, n.sample_sources) IS DISTINCT FROM (v.inl, v.depth, string_to_array(v.samples, ' ')::int[])
        RETURNING n.node_id)
      UPDATE tracked_urls t SET inlinks = v.inl, inlinks_nofollow_only = v.nfo, click_depth = v.depth
      FROM v JOIN link_nodes n ON n.project_id = ${projectId}::uuid AND n.node_id = v.node
      WHERE t.id = n.tracked_url_id AND t.project_id = ${projectId}::uuid
        AND (t.inlinks, t.inlinks_nofollow_only, t.click_depth) IS DISTINCT FROM (v.inl, v.nfo, v.depth)`);
  }
}

/**
 * Orphan: after a complete cycle, every tracked URL without an inlink (all were audited in it); before, a URL that
 * gained an inlink is no orphan any more, one never audited is unknown, and the others keep the last cycle's verdict.
 */
async function writeOrphans(projectId: string, cycle: CycleState): Promise<number> {
  const verdict = cycle.complete
    ? Prisma.sql`t.inlinks = 0`
    : Prisma.sql`CASE WHEN t.last_audit_at IS NULL THEN NULL WHEN t.inlinks > 0 THEN false ELSE t.orphan END`;
  await db.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET orphan = ${verdict}
    WHERE t.project_id = ${projectId}::uuid AND t.orphan IS DISTINCT FROM (${verdict})`);
  const [row] = await db.$queryRaw<{ n: bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM tracked_urls WHERE project_id = ${projectId}::uuid AND orphan`);
  return Number(row.n);
}
