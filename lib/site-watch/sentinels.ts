import type { z } from "zod";
import type { OrgCtx } from "@/lib/core/context";
import { validationError, type ValidationIssue } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { systemCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { isOnHost, normalizeUrl } from "@/lib/urls/normalize-url";
import { MAX_SENTINELS, type sentinelsBody } from "./site-changes-schemas";

// Sentinel pages: a few pages per project audited every 15 minutes without credits, so a deploy that adds
// noindex to a template is known within 15 minutes. Auto: the home page, the top pages by clicks (28 days),
// high-priority pages, then one page per top-level section; at most 50. A person may choose them instead.

export const SENTINEL_INTERVAL_MINUTES = 15;
const TOP_BY_CLICKS = 10;
const HIGH_PRIORITY = 15;

type SentinelProject = { organizationId: string; projectId: string };

/** The project's sentinel URLs now: the chosen list, or (auto) the home page, top pages, high priority, one per section. */
export async function resolveSentinelUrls(p: SentinelProject & { domain: string }): Promise<string[]> {
  const config = await db.sentinelConfig.findUnique({ where: { projectId: p.projectId } });
  if (config && !config.auto) return config.urls.slice(0, MAX_SENTINELS);
  const rows = await db.$queryRaw<{ url: string }[]>(Prisma.sql`
    (SELECT url, 1 AS rank, -COALESCE(clicks_28d, 0) AS k FROM tracked_urls WHERE project_id = ${p.projectId}::uuid AND clicks_28d > 0 ORDER BY clicks_28d DESC, id LIMIT ${TOP_BY_CLICKS})
    UNION ALL
    (SELECT url, 2, 0 FROM tracked_urls WHERE project_id = ${p.projectId}::uuid AND priority = 'high' ORDER BY clicks_28d DESC NULLS LAST, url LIMIT ${HIGH_PRIORITY})
    UNION ALL
    (SELECT DISTINCT ON (section) url, 3, length(url) FROM (
       SELECT url, split_part(regexp_replace(url, '^[a-z]+://[^/?#]+/?([^?#]*).*$', '\\1'), '/', 1) AS section FROM tracked_urls
       WHERE project_id = ${p.projectId}::uuid) s
     WHERE section <> '' ORDER BY section, length(url), url LIMIT ${MAX_SENTINELS})
    ORDER BY 2, 3, 1`);
  const urls = [`https://${p.domain}/`];
  for (const r of rows) if (!urls.includes(r.url)) urls.push(r.url);
  return urls.slice(0, MAX_SENTINELS);
}

export async function getSentinels(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const ref = { organizationId: ctx.org.id, projectId: project.id, domain: project.domain };
  const [config, urls, pages] = await Promise.all([
    db.sentinelConfig.findUnique({ where: { projectId: project.id } }),
    resolveSentinelUrls(ref),
    db.sentinelPage.findMany({ where: { projectId: project.id } }),
  ]);
  const byUrl = new Map(pages.map((s) => [s.url, s]));
  return {
    auto: config?.auto ?? true,
    urls,
    pages: urls.map((url) => {
      const s = byUrl.get(url);
      return { url, lastAuditAt: iso(s?.lastAuditAt), state: s?.state ?? "pending", httpStatus: s?.httpStatus ?? null };
    }),
    lastRunAt: iso(config?.lastRunAt),
  };
}

/** PUT sentinels: every URL on the project's own host (www. or another subdomain is another host: 400), at most 50. */
export async function putSentinels(ctx: OrgCtx, projectId: string, body: z.infer<typeof sentinelsBody>) {
  const project = await getProjectOrThrow(ctx, projectId);
  const errors: ValidationIssue[] = [];
  const urls: string[] = [];
  body.urls.forEach((raw, i) => {
    const n = normalizeUrl(raw);
    if (!n.ok) errors.push({ path: `urls.${i}`, message: `Not a usable URL (${n.reason})`, code: n.reason });
    else if (!isOnHost(n.host, project.domain)) errors.push({ path: `urls.${i}`, message: `${n.url} is not on ${project.domain}: sentinels are the project's own pages`, code: "off_host" });
    else if (!urls.includes(n.url)) urls.push(n.url);
  });
  if (errors.length) throw validationError("Some sentinel URLs cannot be used", errors);
  if (!body.auto && !urls.length) throw validationError("Give at least one URL, or auto: true", [{ path: "urls", message: "Empty list without auto", code: "too_small" }]);
  const data = { auto: body.auto, urls: body.auto ? [] : urls, updatedAt: new Date() };
  await db.sentinelConfig.upsert({ where: { projectId: project.id }, create: { projectId: project.id, organizationId: ctx.org.id, ...data }, update: data });
  return getSentinels(ctx, projectId);
}

/** The sentinels' state for other views (GET P/{id}/watch lists them). */
export async function listSentinelStates(projectId: string) {
  const pages = await db.sentinelPage.findMany({ where: { projectId }, orderBy: { url: "asc" } });
  return pages.map((s) => ({ url: s.url, lastAuditAt: iso(s.lastAuditAt), state: s.state }));
}

export interface SentinelState {
  url: string;
  trackedUrlId: string | null;
  lastAuditAt: Date;
  state: "ok" | "changed" | "error";
  httpStatus: number | null;
  detail: string | null;
}

/** Stores a run's sentinel states (pages no longer on the list go) and when it ran. */
export async function writeSentinelStates(p: SentinelProject, urls: string[], states: SentinelState[], at: Date): Promise<void> {
  await withTransaction(systemCtx("sentinels", p.organizationId), async (ctx) => {
    const tx = dbOf(ctx);
    await tx.sentinelPage.deleteMany({ where: { projectId: p.projectId, url: { notIn: urls } } });
    for (const s of states) {
      await tx.sentinelPage.upsert({ where: { projectId_url: { projectId: p.projectId, url: s.url } }, create: { projectId: p.projectId, ...s }, update: s });
    }
    await tx.sentinelConfig.upsert({
      where: { projectId: p.projectId }, create: { projectId: p.projectId, organizationId: p.organizationId, auto: true, urls: [], lastRunAt: at }, update: { lastRunAt: at },
    });
  });
}

/** One keyset page of the projects whose sentinels are due (active, live, not run within the interval). */
export async function listSentinelProjects(afterId: string | null, limit: number, now = new Date()): Promise<SentinelProject[]> {
  const due = new Date(now.getTime() - (SENTINEL_INTERVAL_MINUTES * 60_000 - 30_000));
  const rows = await db.project.findMany({
    where: {
      status: "active", deletedAt: null, organization: { deletedAt: null }, ...(afterId ? { id: { gt: afterId } } : {}),
      OR: [{ sentinelConfig: null }, { sentinelConfig: { OR: [{ lastRunAt: null }, { lastRunAt: { lt: due } }] } }],
    },
    orderBy: { id: "asc" }, take: limit, select: { id: true, organizationId: true },
  });
  return rows.map((r) => ({ organizationId: r.organizationId, projectId: r.id }));
}
