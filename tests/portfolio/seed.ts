// Seeding for the portfolio and sitemap coverage suites: tracked URLs written straight into tracked_urls in
// one statement (the live counters, facet counts and open-issue rows follow through the product's triggers),
// issue groups with memberships, and daily snapshots as the snapshot job leaves them.
import crypto from "node:crypto";
import { db, Prisma, type IssueSeverity, type IssueType } from "@/lib/db";
import { severityOf } from "@/lib/issues/severity";
import type { TestUser } from "../factories";

export type SeedUrl = {
  path: string; health?: "healthy" | "client_error" | "unknown"; a?: "indexed" | "crawled_not_indexed" | "unknown";
  b?: "indexed" | "not_indexed" | "unknown"; observedDaysAgo?: number | null; sitemapId?: string | null; stale?: boolean;
};

export async function seedProject(user: TestUser, opts: { name: string; domain: string; fields?: Prisma.ProjectUncheckedCreateInput | Record<string, unknown> }) {
  return db.project.create({
    data: {
      organizationId: user.organizationId, createdByUserId: user.userId, name: opts.name, domain: opts.domain, liveDomain: opts.domain,
      sitemapUrl: `https://${opts.domain}/sitemap.xml`, ...(opts.fields as object),
    },
  });
}

export async function seedUrls(project: { id: string; organizationId: string; domain: string }, urls: SeedUrl[], now = new Date()) {
  const rows = urls.map((u) => ({
    id: crypto.randomUUID(), url: `https://${project.domain}${u.path}`, health: u.health ?? "unknown", a: u.a ?? "unknown", b: u.b ?? "unknown",
    observed: u.observedDaysAgo == null ? null : new Date(now.getTime() - u.observedDaysAgo * 86_400_000).toISOString(),
    sitemap: u.sitemapId ?? null, stale: u.stale ? now.toISOString() : null,
  }));
  await db.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, health_state, engine_a_state, engine_b_state, engine_a_observed_at,
                              sitemap_id, stale_at, updated_at)
    SELECT x.id, ${project.organizationId}::uuid, ${project.id}::uuid, x.url, 'sitemap', x.health::"HealthState", x.a::"EngineAState", x.b::"EngineBState",
           x.observed, x.sitemap, x.stale, now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, url text, health text, a text, b text, observed timestamptz, sitemap uuid, stale timestamptz)`);
  return Object.fromEntries(rows.map((r) => [new URL(r.url).pathname, r.id]));
}

export async function seedIssue(project: { id: string; organizationId: string }, type: IssueType, opts: { status?: "open" | "resolved"; urlIds?: string[]; at?: Date } = {}) {
  const at = opts.at ?? new Date();
  const { severity, rank } = severityOf(type) as { severity: IssueSeverity; rank: number };
  const issue = await db.issue.create({
    data: {
      organizationId: project.organizationId, projectId: project.id, type, severity, severityRank: rank, status: opts.status ?? "open",
      affectedUrlCount: opts.urlIds?.length ?? 0, sampleUrls: [], firstDetectedAt: at, lastDetectedAt: at, resolvedAt: opts.status === "resolved" ? at : null,
    },
  });
  if (opts.urlIds?.length) {
    const urls = await db.trackedUrl.findMany({ where: { id: { in: opts.urlIds } }, select: { id: true, url: true } });
    await db.issueUrlMembership.createMany({
      data: urls.map((u) => ({ organizationId: project.organizationId, issueId: issue.id, trackedUrlId: u.id, url: u.url, detectedAt: at })),
    });
  }
  return issue;
}

/** Snapshots `daysAgo → indexedUrls` (UTC dates before today). */
export async function seedSnapshots(project: { id: string; organizationId: string }, points: Record<number, number>, now = new Date()) {
  const rows = Object.entries(points).map(([daysAgo, indexed]) => ({
    date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - Number(daysAgo))).toISOString().slice(0, 10), indexed,
  }));
  await db.$executeRaw(Prisma.sql`
    INSERT INTO website_snapshots (id, organization_id, project_id, date, total_urls, healthy_urls, broken_urls, redirected_urls, indexed_urls,
                                   not_indexed_urls, stale_urls, open_issues, urls_with_issues)
    SELECT gen_random_uuid(), ${project.organizationId}::uuid, ${project.id}::uuid, x.date, 0, 0, 0, 0, x.indexed, 0, 0, 0, 0
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(date date, indexed int)`);
  return rows.map((r) => r.date);
}
