import type { Ctx, OrgCtx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";
import type { EngineName } from "@/lib/connections/connected-engines";
import { recordEvents } from "@/lib/events/outbox";

// Drops from an engine's index: which answers are one, their likely cause, read from our own audits of
// the same URL in the same window (since the engine last said indexed): what the page, the server or
// robots.txt did; and their recording (membership metadata, url.dropped_from_index events).
export const DROP_CAUSES = ["robots_txt_disallow", "waf_challenge", "new_noindex", "canonical_moved", "status_change", "no_change_on_our_side"] as const;
export type DropCause = (typeof DROP_CAUSES)[number];

export type DropExplanation = {
  cause: DropCause;
  /** When the audit the cause was read from ran; null when the URL was never audited. */
  auditObservedAt: string | null;
  /** The audit fields that changed in the window. */
  auditChanged: string[];
};

/** A URL an engine said was indexed (at its last sync, `since`) and now says is not. */
export type Drop = { id: string; engine: EngineName; from: string; to: string; since: Date | null };

const NOT_INDEXED: Record<EngineName, Set<string>> = {
  engineA: new Set(["crawled_not_indexed", "discovered_not_indexed", "excluded", "blocked", "redirected"]),
  engineB: new Set(["not_indexed", "blocked", "error"]),
};

export const isDrop = (engine: EngineName, previous: string, state: string) => previous === "indexed" && NOT_INDEXED[engine].has(state);

/** The cause recorded for a URL's drop: the one explained, else none on our side. */
export const causeOf = (explained: Map<string, DropExplanation>, id: string): DropCause => explained.get(id)?.cause ?? "no_change_on_our_side";

type AuditRow = { id: string; state: Record<string, unknown> | null; observedAt: Date | null; changed: string[] | null };

/** One explanation per URL id; `since` per URL starts the window (null: the last 30 days). */
export async function explainDrops(ctx: Ctx, projectId: string, urls: { id: string; since: Date | null }[], now: Date): Promise<Map<string, DropExplanation>> {
  const tx = dbOf(ctx);
  if (!urls.length) return new Map();
  const fallback = new Date(now.getTime() - 30 * 86_400_000);
  const input = urls.map((u) => ({ id: u.id, since: (u.since ?? fallback).toISOString() }));
  const rows = await tx.$queryRaw<AuditRow[]>(Prisma.sql`
    SELECT u.id::text AS id, h.state, h.observed_at AS "observedAt",
           (SELECT array_agg(DISTINCT c) FROM url_history h2, unnest(h2.changed) c
             WHERE h2.tracked_url_id = u.id AND h2.kind = 'audit' AND h2.observed_at > u.since) AS changed
    FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS u(id uuid, since timestamptz)
    LEFT JOIN LATERAL (
      SELECT state, observed_at FROM url_history
      WHERE tracked_url_id = u.id AND project_id = ${projectId}::uuid AND kind = 'audit'
      ORDER BY observed_at DESC, id DESC LIMIT 1
    ) h ON true`);
  return new Map(rows.map((r) => [r.id, {
    cause: dropCause(r.state, r.changed ?? []),
    auditObservedAt: r.observedAt ? r.observedAt.toISOString() : null,
    auditChanged: r.changed ?? [],
  }]));
}

/** The first cause that the latest audit (and the fields changed in the window) shows. */
export function dropCause(state: Record<string, unknown> | null, changed: string[]): DropCause {
  if (!state) return "no_change_on_our_side";
  const detected = Array.isArray(state.detected) ? (state.detected as string[]) : [];
  const robots = state.robots as { rule?: { directive?: string } | null; blockedFor?: string[] } | null | undefined;
  if (state.indexability === "blocked_by_robots" || robots?.rule?.directive === "disallow" || (robots?.blockedFor?.length ?? 0) > 0) return "robots_txt_disallow";
  if (state.wafVendor || detected.includes("waf_challenge_detected")) return "waf_challenge";
  if (state.indexability === "noindex" && (changed.includes("indexability") || changed.includes("metaRobots") || changed.includes("xRobotsTag") || !changed.length)) return "new_noindex";
  if (changed.includes("canonicalUrl") || state.indexability === "canonicalized") return "canonical_moved";
  if (changed.includes("httpStatus") || changed.includes("healthState") || changed.includes("redirectTarget")
    || (state.healthState !== undefined && state.healthState !== "healthy" && state.healthState !== "unknown")) return "status_change";
  return "no_change_on_our_side";
}

/**
 * After the dropped_from_index memberships are written (same transaction): each one's metadata (engine,
 * states, cause and the audit it was read from), and one url.dropped_from_index per URL and engine to the
 * outbox (sent once this observation commits).
 */
export async function recordDrops(ctx: OrgCtx, projectId: string, drops: Drop[], explained: Map<string, DropExplanation>, now: Date): Promise<void> {
  if (!drops.length) return;
  await writeDropMetadata(ctx, projectId, drops, explained);
  await recordDropEvents(ctx, projectId, drops, explained, now);
}

async function writeDropMetadata(ctx: Ctx, projectId: string, drops: Drop[], explained: Map<string, DropExplanation>) {
  const tx = dbOf(ctx);
  const meta = drops.map((d) => {
    const e = explained.get(d.id);
    return { id: d.id, metadata: { engine: d.engine, from: d.from, to: d.to, cause: causeOf(explained, d.id), auditObservedAt: e?.auditObservedAt ?? null, auditChanged: e?.auditChanged ?? [] } };
  });
  await tx.$executeRaw(Prisma.sql`
    UPDATE issue_url_memberships m SET metadata = v.metadata, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(meta)}::jsonb) AS v(id uuid, metadata jsonb), issues i
    WHERE i.project_id = ${projectId}::uuid AND i.type = 'dropped_from_index' AND m.issue_id = i.id
      AND m.tracked_url_id = v.id AND m.resolved_at IS NULL`);
}

async function recordDropEvents(ctx: OrgCtx, projectId: string, drops: Drop[], explained: Map<string, DropExplanation>, now: Date) {
  const tx = dbOf(ctx);
  const urls = new Map((await tx.trackedUrl.findMany({ where: { id: { in: drops.map((d) => d.id) }, projectId }, select: { id: true, url: true } })).map((u) => [u.id, u.url]));
  const observedAt = now.toISOString();
  await recordEvents(ctx, "url.dropped_from_index", drops.filter((d) => urls.has(d.id)).map((d) => ({
    eventId: `url-dropped-${d.id}-${d.engine}-${observedAt}`,
    data: { organizationId: ctx.org.id, projectId, trackedUrlId: d.id, url: urls.get(d.id)!, engine: d.engine, from: d.from, to: d.to, cause: causeOf(explained, d.id), observedAt },
  })));
}
