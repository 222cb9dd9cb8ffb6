import { db, Prisma } from "@/lib/db";
import { computeLinkGraph, type LinkGraphReport, type LinkProject } from "./compute-graph";
import { fetchUnlistedPages, type UnlistedRunner } from "./fetch-unlisted";

export type GraphRun = LinkGraphReport & { projectId: string; unlistedFetched: number };

/** One project's graph run: the due unlisted pages first (their answers and links count in this run), then the metrics. */
export async function runLinkGraph(p: LinkProject, deps: { runner?: UnlistedRunner; now?: Date } = {}): Promise<GraphRun> {
  const now = deps.now ?? new Date();
  const unlistedFetched = await fetchUnlistedPages(p, deps.runner, now);
  const report = await computeLinkGraph(p, now);
  return { projectId: p.projectId, unlistedFetched, ...report };
}

/**
 * Projects whose graph is due (at most `limit`, the longest waiting first): live projects with audited pages whose
 * audits are newer than the last computation, or never computed. A cycle that completes is picked up at the next sweep.
 */
export async function listProjectsDueForGraph(limit = 20): Promise<LinkProject[]> {
  return db.$queryRaw<LinkProject[]>(Prisma.sql`
    SELECT p.organization_id::text AS "organizationId", p.id::text AS "projectId"
    FROM projects p LEFT JOIN link_graph_state s ON s.project_id = p.id
    WHERE p.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM page_links l WHERE l.project_id = p.id AND (s.computed_at IS NULL OR l.extracted_at > s.computed_at))
    ORDER BY s.computed_at NULLS FIRST, p.id
    LIMIT ${limit}`);
}
