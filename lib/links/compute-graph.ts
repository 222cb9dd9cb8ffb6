import { systemCtx, type OrgCtx } from "@/lib/core/context";
import { binaryArray, db, dbOf, Prisma, sqlCursor, sqlRows, sqlTransaction, withTransaction } from "@/lib/db";
import { computeMetrics, graphBuilder, SAMPLE_SOURCES, type GraphMetrics, type LinkGraph } from "./graph";
import { lockLinkNodes } from "./record-page-links";
import { homeStarts } from "./home";
import { brokenLinkCarriers, recordLinkIssues } from "./link-issues";

export interface LinkGraphReport {
  nodes: number;
  edges: number;
  /** Every tracked URL audited since the last complete cycle: orphans were claimed (and the mark moved). */
  complete: boolean;
  orphans: number;
  brokenTargets: number;
  reachable: number;
  durationMs: number;
  /** Milliseconds per phase (nodes, cycle, load, compute; the write: temporary table, url_facts, link_nodes, commit; issues). */
  phases: Record<string, number>;
}

export interface LinkProject {
  organizationId: string;
  projectId: string;
}

/**
 * Source nodes of page_links read as one text, texts per FETCH (about 4 MB), and nodes sent per statement to the
 * temporary table (about 10 MB of parameters).
 */
const PACK = 256;
const PACKS_PER_FETCH = 40;
const WRITE_CHUNK = 250_000;
/** A graph of a million URLs takes longer than Prisma's default 5 s in one transaction (the node sync, the issues). */
export const LONG_TRANSACTION_MS = 300_000;

/**
 * The graph's metrics for one project: every tracked URL gets a node, the edges are streamed into typed arrays
 * (4 bytes an edge, no per-URL query), inlinks, nofollow-only, samples and click depth are computed in memory and
 * written back set-wise in chunks; orphans are claimed only when the cycle is complete (docs/links.md).
 */
export async function computeLinkGraph(p: LinkProject, now = new Date()): Promise<LinkGraphReport> {
  const started = performance.now();
  const phases: Record<string, number> = {};
  let mark = started;
  const lap = (name: string) => {
    const t = performance.now();
    phases[name] = Math.round(t - mark);
    mark = t;
  };
  const ctx = systemCtx("links-compute-graph", p.organizationId);
  await withTransaction(ctx, async (ctx) => {
    await lockLinkNodes(ctx, p.projectId);
    await syncTrackedNodes(ctx, p);
  }, { timeout: LONG_TRANSACTION_MS });
  lap("nodes");
  const cycle = await cycleState(p.projectId);
  lap("cycle");
  const { maxNode, edges, metrics, broken } = await graphMetrics(ctx, p, lap);
  await writeMetrics(p.projectId, maxNode, metrics, cycle.complete, lap);
  const orphans = await countOrphans(p.projectId);
  await recordLinkIssues(ctx, p, broken.carriers, now);
  lap("issues");
  const durationMs = Math.round(performance.now() - started);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO link_graph_state (project_id, organization_id, computed_at, complete_through, complete_at, nodes, edges, duration_ms)
    VALUES (${p.projectId}::uuid, ${p.organizationId}::uuid, ${now}, ${cycle.complete ? cycle.newest : null}, ${cycle.complete ? now : null},
            ${maxNode}, ${edges}, ${durationMs})
    ON CONFLICT (project_id) DO UPDATE SET computed_at = EXCLUDED.computed_at, nodes = EXCLUDED.nodes, edges = EXCLUDED.edges,
      duration_ms = EXCLUDED.duration_ms,
      complete_through = coalesce(EXCLUDED.complete_through, link_graph_state.complete_through),
      complete_at = coalesce(EXCLUDED.complete_at, link_graph_state.complete_at)`);
  let reachable = 0;
  for (let i = 1; i <= maxNode; i++) if (metrics.depth[i] >= 0) reachable++;
  return { nodes: maxNode, edges, complete: cycle.complete, orphans, brokenTargets: broken.targets, reachable, durationMs, phases };
}

/**
 * Loads the graph, computes its metrics and finds the pages carrying broken links, then lets the graph go: only the
 * metrics (about 37 bytes a node) outlive this function, so the edges (4 bytes each, 200 MB for 50,000,000) are garbage
 * before the writes begin rather than beside them.
 */
async function graphMetrics(ctx: OrgCtx, p: LinkProject, lap: (phase: string) => void) {
  const graph = await loadGraph(p.projectId);
  lap("load");
  const starts = await homeStarts(ctx, p, graph.maxNode);
  const metrics = computeMetrics(graph, starts);
  const broken = await brokenLinkCarriers(p.projectId, graph, metrics.inlinks);
  lap("compute");
  return { maxNode: graph.maxNode, edges: graph.edges.length, metrics, broken };
}

/**
 * Every tracked URL has a node, and every node knows whether (and as which id) its URL is tracked now. Set-wise, and
 * only the differences: nodes whose tracked URL is gone let it go, tracked URLs without a node of theirs take the node
 * of their URL (a URL tracked again) or a new one. Two anti-joins on ids, whatever the size of the graph.
 */
async function syncTrackedNodes(ctx: OrgCtx, p: LinkProject) {
  const tx = dbOf(ctx);
  // Nothing tracked or untracked since the last run (same count, nothing created since): the nodes are in step.
  const [check] = await tx.$queryRaw<{ same: boolean }[]>(Prisma.sql`
    SELECT (SELECT count(*) FROM tracked_urls WHERE project_id = ${p.projectId}::uuid)
             = (SELECT count(*) FROM link_nodes WHERE project_id = ${p.projectId}::uuid AND tracked_url_id IS NOT NULL)
       AND coalesce((SELECT max(created_at) FROM tracked_urls WHERE project_id = ${p.projectId}::uuid)
             < (SELECT computed_at FROM link_graph_state WHERE project_id = ${p.projectId}::uuid), false) AS same`);
  if (check?.same) return;
  if (await nodesInStep(ctx, p.projectId)) return;
  await tx.$executeRaw(Prisma.sql`
    UPDATE link_nodes n SET tracked_url_id = NULL
    WHERE n.project_id = ${p.projectId}::uuid AND n.tracked_url_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.id = n.tracked_url_id AND t.project_id = n.project_id)`);
  await tx.$executeRaw(Prisma.sql`
    WITH missing AS MATERIALIZED (
      SELECT t.id, t.url FROM tracked_urls t
      WHERE t.project_id = ${p.projectId}::uuid
        AND NOT EXISTS (SELECT 1 FROM link_nodes n WHERE n.project_id = t.project_id AND n.tracked_url_id = t.id)),
    relinked AS (
      UPDATE link_nodes n SET tracked_url_id = m.id FROM missing m
      WHERE n.project_id = ${p.projectId}::uuid AND n.url = m.url RETURNING n.url)
    INSERT INTO link_nodes (project_id, node_id, organization_id, url, tracked_url_id)
    SELECT ${p.projectId}::uuid, (SELECT coalesce(max(node_id), 0) FROM link_nodes WHERE project_id = ${p.projectId}::uuid)
             + row_number() OVER (ORDER BY m.id), ${p.organizationId}::uuid, m.url, m.id
    FROM missing m
    WHERE NOT EXISTS (SELECT 1 FROM link_nodes n WHERE n.project_id = ${p.projectId}::uuid AND n.url = m.url)`);
}

/**
 * The exact test, for a first computation (the audits numbered the nodes, so they are usually in step already): every
 * node's tracked URL exists in the project under the node's own URL, and there are as many such nodes as tracked
 * URLs. A node's URL is unique in the project, so no tracked URL matches two nodes: each has exactly one, and no
 * node points at a URL that is gone. One join where the sync below costs two anti-joins and an update.
 */
async function nodesInStep(ctx: OrgCtx, projectId: string): Promise<boolean> {
  const [row] = await dbOf(ctx).$queryRaw<{ tracked: bigint; linked: bigint; matching: bigint }[]>(Prisma.sql`
    SELECT (SELECT count(*) FROM tracked_urls WHERE project_id = ${projectId}::uuid) AS tracked,
           (SELECT count(*) FROM link_nodes WHERE project_id = ${projectId}::uuid AND tracked_url_id IS NOT NULL) AS linked,
           (SELECT count(*) FROM link_nodes n JOIN tracked_urls t ON t.id = n.tracked_url_id AND t.url = n.url
            WHERE n.project_id = ${projectId}::uuid AND t.project_id = ${projectId}::uuid) AS matching`);
  return row.tracked === row.linked && row.linked === row.matching;
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
  // The audited pages' node numbers as one bytea (int4send order, 4 bytes a node; a node may come twice).
  const [list] = await sqlRows<[Buffer | null]>(Prisma.sql`
    SELECT string_agg(int4send(node_id), ''::bytea) FROM (
      SELECT node_id FROM link_nodes WHERE project_id = ${projectId}::uuid AND tracked_url_id IS NOT NULL
      UNION ALL SELECT node_id FROM page_links WHERE project_id = ${projectId}::uuid AND tracked_url_id IS NOT NULL) audited`,
    undefined, { rowMode: "array" });
  const ids = list?.[0];
  if (ids) for (let at = 0; at + 4 <= ids.length; at += 4) {
    const id = ids.readInt32BE(at);
    if (id >= 1 && id <= maxNode) tracked[id] = 1;
  }
  const builder = graphBuilder(maxNode, Number(size.edges ?? 0), tracked);
  // The rows as bytes (node, target count, bitset length, targets, bitset; int4send order), one base64 text per PACK
  // source nodes (about 110 KB at 50 links a page), streamed through a cursor: no object per page_links row, and each
  // text a young string the next scavenge frees. One text per 10,000 nodes (megabytes each) went to V8's large-object
  // space, freed only by a full collection, and what piled up there before one ran moved the peak RSS by 50-70 MB.
  let last = 0;
  await sqlCursor<[number, string | null]>(Prisma.sql`
    SELECT g, (SELECT encode(string_agg(int4send(node_id) || int4send(length(targets) / 4) || int4send(length(nofollow)) || targets || nofollow, ''::bytea), 'base64')
               FROM (SELECT node_id, targets, nofollow FROM page_links
                     WHERE project_id = ${projectId}::uuid AND node_id BETWEEN g AND g + ${PACK - 1} ORDER BY node_id, kind) rows)
    FROM generate_series(1, ${maxNode}::int, ${PACK}) g`, PACKS_PER_FETCH, ([from, text]) => {
    // A function scan hands its rows on in the series' order; the builder needs the sources in ascending order.
    if (from <= last) throw new Error("loadGraph: page_links groups out of order");
    last = from;
    if (!text) return;
    const buf = Buffer.from(text, "base64");
    for (let at = 0; at < buf.length;) {
      const node = buf.readInt32BE(at);
      const count = buf.readInt32BE(at + 4);
      const bits = buf.readInt32BE(at + 8);
      builder.add(node, buf, at + 12, count, bits);
      at += 12 + count * 4 + bits;
    }
  });
  return builder.finish();
}

/**
 * Writes the metrics, only what changed, in two set-wise statements: the computed values go first into a temporary
 * table (chunks of nodes as arrays in PostgreSQL's binary format: bytes, no text to print or parse), then each tracked
 * URL's inlinks, samples, nofollow-only, depth and orphan into url_facts (INSERT … ON CONFLICT: a narrow table whose
 * link to its tracked URL is checked once a statement, not row by row: migration url_facts_tracked_url_triggers), and
 * each untracked node's count and samples into link_nodes (the unlisted and broken lists read them).
 * Hash joins over the whole project, no per-row probe: a million URLs are one pass each.
 */
async function writeMetrics(projectId: string, maxNode: number, m: GraphMetrics, complete: boolean, lap: (phase: string) => void) {
  await sqlTransaction(async (run) => {
    await run.execute(Prisma.sql`SET LOCAL jit = off`);
    // The joins and the sort over a million rows in memory (about 60-110 MB each), not in batches spilled to disk,
    // whose output comes in hash order.
    await run.execute(Prisma.sql`SET LOCAL work_mem = '128MB'`);
    await run.execute(Prisma.sql`CREATE TEMP TABLE graph_metrics (node int, inl int, nfo bool, depth int, samples bytea) ON COMMIT DROP`);
    for (let from = 1; from <= maxNode; from += WRITE_CHUNK) {
      const c = metricsChunk(m, from, Math.min(maxNode, from + WRITE_CHUNK - 1));
      await run.execute(Prisma.sql`
        INSERT INTO graph_metrics SELECT ${from}::int - 1 + ord, inl, nfo, depth, samples
        FROM unnest(${c.inl}::int4[], ${c.nfo}::bool[], ${c.depth}::int4[], ${c.samples}::bytea[]) WITH ORDINALITY AS v(inl, nfo, depth, samples, ord)`);
    }
    await run.execute(Prisma.sql`ANALYZE graph_metrics`);
    lap("write-temp");
    const orphan = orphanVerdict(complete);
    // In tracked_url_id order: url_facts' two indexes on it are then filled page after page rather than at random
    // (a million random inserts into them dirtied a page each, 3-4 times slower under load).
    await run.execute(Prisma.sql`
      INSERT INTO url_facts AS x (tracked_url_id, project_id, discovered_at, inlinks, inlink_samples, inlinks_nofollow_only, click_depth, orphan)
      SELECT t.id, t.project_id, t.discovered_at, v.inl, v.samples, v.nfo, v.depth, ${orphan}
      FROM graph_metrics v JOIN link_nodes n ON n.project_id = ${projectId}::uuid AND n.node_id = v.node
      JOIN tracked_urls t ON t.id = n.tracked_url_id AND t.project_id = ${projectId}::uuid
      LEFT JOIN url_facts uf ON uf.tracked_url_id = t.id
      WHERE (uf.inlinks, uf.inlink_samples, uf.inlinks_nofollow_only, uf.click_depth, uf.orphan) IS DISTINCT FROM (v.inl, v.samples, v.nfo, v.depth, ${orphan})
      ORDER BY t.id
      ON CONFLICT (tracked_url_id) DO UPDATE SET inlinks = EXCLUDED.inlinks, inlink_samples = EXCLUDED.inlink_samples,
        inlinks_nofollow_only = EXCLUDED.inlinks_nofollow_only, click_depth = EXCLUDED.click_depth, orphan = EXCLUDED.orphan`);
    lap("write-facts");
    await run.execute(Prisma.sql`
      UPDATE link_nodes n SET inlink_pages = v.inl, sample_sources = v.samples
      FROM graph_metrics v WHERE n.project_id = ${projectId}::uuid AND n.node_id = v.node AND n.tracked_url_id IS NULL
        AND (n.inlink_pages, n.sample_sources) IS DISTINCT FROM (v.inl, v.samples)`);
    lap("write-nodes");
  });
  lap("write-commit");
}

/**
 * Nodes from..to of the metrics as four binary array parameters: inlink counts, nofollow-only, depth (NULL when
 * unreachable) and samples (up to SAMPLE_SOURCES node ids, int4send order; empty without inlinks).
 */
function metricsChunk(m: GraphMetrics, from: number, to: number) {
  const count = to - from + 1;
  const sampleCount = (i: number) => Math.min(SAMPLE_SOURCES, m.inlinks[from + i]);
  return {
    inl: binaryArray("int4", count, () => 4, (buf, at, i) => buf.writeInt32BE(m.inlinks[from + i], at)),
    nfo: binaryArray("bool", count, () => 1, (buf, at, i) => buf.writeUInt8(m.inlinks[from + i] > 0 && !m.followed[from + i] ? 1 : 0, at)),
    depth: binaryArray("int4", count, (i) => (m.depth[from + i] >= 0 ? 4 : -1), (buf, at, i) => buf.writeInt32BE(m.depth[from + i], at)),
    samples: binaryArray("bytea", count, (i) => sampleCount(i) * 4, (buf, at, i) => {
      for (let k = 0; k < sampleCount(i); k++) buf.writeInt32BE(m.samples[(from + i) * SAMPLE_SOURCES + k], at + k * 4);
    }),
  };
}

/**
 * Orphan: after a complete cycle, every tracked URL without an inlink (all were audited in it); before, a URL that
 * gained an inlink is no orphan any more, one never audited is unknown, and the others keep the last cycle's verdict.
 */
function orphanVerdict(complete: boolean) {
  return complete
    ? Prisma.sql`(v.inl = 0)`
    : Prisma.sql`(CASE WHEN t.last_audit_at IS NULL THEN NULL WHEN v.inl > 0 THEN false ELSE uf.orphan END)`;
}

async function countOrphans(projectId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM url_facts WHERE project_id = ${projectId}::uuid AND orphan`);
  return Number(row.n);
}
