import type { OrgCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "@/lib/db";
import { sendEvents, type OutgoingEvent } from "@/lib/events/send-event";
import { notifyMembers } from "@/lib/notifications/notify-members";
import { describeFieldChange, describeSiteChange } from "./field-words";
import { kindOf } from "./field-history";

// Site changes: the audits of one window see the same field change the same way on many URLs
// (a template, not a thousand pages). Field changes carry normalised kinds (lib/site-watch/field-history.ts);
// detection groups the window's latest change per URL and field by (field, fromKind, toKind).

/** A site change needs this many URLs… */
export const SITE_CHANGE_MIN_URLS = 20;
/** …or this share of a section (first path segment), with at least SECTION_MIN_URLS URLs. */
export const SITE_CHANGE_SECTION_SHARE = 0.05;
export const SECTION_MIN_URLS = 3;
/** The window a cycle's audits are grouped in: a daily cadence spreads a template change over a day. */
export const SITE_CHANGE_WINDOW_MS = 24 * 3_600_000;
/** A change is reverted once no more than this share of its URLs still shows it. */
export const REVERTED_AT_SHARE = 0.1;
const SAMPLES = 10;
/** Fields whose change is the page's life, not a template's: they stay in the URL's history only. */
const PAGE_ONLY_FIELDS = ["main_text_hash"];

export type SiteChangeStatus = "open" | "reverted" | "intended";

export interface DetectOptions {
  now?: Date;
  /** Changes since this moment are this run's own: high-priority and top pages among them alert one by one. */
  since?: Date;
  source?: "audit" | "sentinel";
}

export interface DetectReport {
  opened: string[];
  grown: string[];
  reverted: string[];
  pageAlerts: number;
}

type Group = { field: string; fromKind: string; toKind: string; urls: number; firstSeenAt: Date; lastSeenAt: Date; sections: { section: string; urls: number }[] };

const sectionSql = Prisma.raw(`COALESCE(NULLIF(split_part(regexp_replace(t.url, '^[a-z]+://[^/?#]+/?([^?#]*).*$', '\\1'), '/', 1), ''), '')`);

/**
 * Looks at one project's field changes of the last window and opens (or grows) site changes, closes the ones
 * reverted, and alerts on high-priority and top pages changed since `since`. Notifications and webhooks
 * (`site_change.detected`, `site_change.reverted`) go once per site change.
 */
export async function detectSiteChanges(ctx: OrgCtx, projectId: string, opts: DetectOptions = {}): Promise<DetectReport> {
  const p = { organizationId: ctx.org.id, projectId };
  const now = opts.now ?? new Date();
  const from = new Date(now.getTime() - SITE_CHANGE_WINDOW_MS);
  const report: DetectReport = { opened: [], grown: [], reverted: [], pageAlerts: 0 };
  const latest = Prisma.sql`
    SELECT DISTINCT ON (c.tracked_url_id, c.field) c.tracked_url_id, c.field, c.from_kind, c.to_kind, c.observed_at, t.url, ${sectionSql} AS section
    FROM url_field_changes c JOIN tracked_urls t ON t.id = c.tracked_url_id
    WHERE c.project_id = ${p.projectId}::uuid AND c.observed_at > ${from} AND c.observed_at <= ${now}
    ORDER BY c.tracked_url_id, c.field, c.observed_at DESC, c.id DESC`;
  const bySection = await db.$queryRaw<{ field: string; fromKind: string; toKind: string; section: string; urls: number; first: Date; last: Date }[]>(Prisma.sql`
    WITH l AS (${latest})
    SELECT field, from_kind AS "fromKind", to_kind AS "toKind", section, count(*)::int AS urls, min(observed_at) AS first, max(observed_at) AS last
    FROM l WHERE from_kind <> to_kind AND field <> ALL(${PAGE_ONLY_FIELDS}::text[])
    GROUP BY 1, 2, 3, 4`);
  const groups = new Map<string, Group>();
  for (const r of bySection) {
    const key = `${r.field}\u0000${r.fromKind}\u0000${r.toKind}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { field: r.field, fromKind: r.fromKind, toKind: r.toKind, urls: 0, firstSeenAt: r.first, lastSeenAt: r.last, sections: [] }));
    g.urls += r.urls;
    if (r.first < g.firstSeenAt) g.firstSeenAt = r.first;
    if (r.last > g.lastSeenAt) g.lastSeenAt = r.last;
    g.sections.push({ section: r.section, urls: r.urls });
  }
  const candidates = [...groups.values()].filter((g) => g.urls >= SECTION_MIN_URLS);
  const needSizes = candidates.some((g) => g.urls < SITE_CHANGE_MIN_URLS);
  const sizes = needSizes ? await sectionSizes(p.projectId, [...new Set(candidates.flatMap((g) => g.sections.map((s) => s.section)))]) : new Map<string, number>();
  const events: OutgoingEvent[] = [];
  for (const id of await revertedChanges(p.projectId, now)) {
    report.reverted.push(id);
    events.push({ name: "site_change.reverted", id: `site_change.reverted-${id}`, data: await eventData(p, id) });
  }
  // Going back is no new change: the reverse of a change still open or reverted in this window is its revert.
  const known = await db.siteChange.findMany({
    where: { projectId: p.projectId, OR: [{ status: { in: ["open", "intended"] } }, { revertedAt: { gte: from } }] }, select: { field: true, fromKind: true, toKind: true },
  });
  const reverses = new Set(known.map((k) => `${k.field}\u0000${k.toKind}\u0000${k.fromKind}`));
  for (const g of candidates) {
    if (reverses.has(`${g.field}\u0000${g.fromKind}\u0000${g.toKind}`)) continue;
    const big = g.urls >= SITE_CHANGE_MIN_URLS;
    const share = g.sections.some((s) => s.urls >= SECTION_MIN_URLS && s.urls >= SITE_CHANGE_SECTION_SHARE * (sizes.get(s.section) ?? Infinity));
    if (!big && !share) continue;
    const result = await openOrGrow(ctx, p, g, latest, opts.source ?? "audit");
    if (result.opened) {
      report.opened.push(result.id);
      events.push({ name: "site_change.detected", id: `site_change.detected-${result.id}`, data: await eventData(p, result.id) });
    } else report.grown.push(result.id);
  }
  if (events.length) await sendEvents(events);
  for (const id of report.opened) await notifyOpened(p, id);
  if (opts.since) report.pageAlerts = await alertImportantPages(p, opts.since, now);
  return report;
}

async function sectionSizes(projectId: string, sections: string[]): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ section: string; n: number }[]>(Prisma.sql`
    SELECT ${sectionSql} AS section, count(*)::int AS n FROM tracked_urls t
    WHERE t.project_id = ${projectId}::uuid GROUP BY 1 HAVING ${sectionSql} = ANY(${sections}::text[])`);
  return new Map(rows.map((r) => [r.section, r.n]));
}

async function openOrGrow(ctx: OrgCtx, p: { organizationId: string; projectId: string }, g: Group, latest: Prisma.Sql, source: string): Promise<{ id: string; opened: boolean }> {
  return withTransaction(ctx, async (ctx) => {
    const tx = dbOf(ctx);
    // One open change per (field, kinds): a second window of the same template change grows it.
    await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`site-change:${p.projectId}:${g.field}:${g.fromKind}:${g.toKind}`}))`);
    const existing = await tx.siteChange.findFirst({
      where: { projectId: p.projectId, field: g.field, fromKind: g.fromKind, toKind: g.toKind, status: { in: ["open", "intended"] } },
      orderBy: { firstSeenAt: "desc" }, select: { id: true },
    });
    let id = existing?.id;
    if (!id) {
      const deploy = await tx.deploy.findFirst({ where: { projectId: p.projectId, at: { lte: g.firstSeenAt } }, orderBy: { at: "desc" }, select: { id: true } });
      id = (await tx.siteChange.create({
        data: {
          organizationId: p.organizationId, projectId: p.projectId, field: g.field, fromKind: g.fromKind, toKind: g.toKind, sections: [], urlCount: 0, sampleUrls: [],
          firstSeenAt: g.firstSeenAt, lastSeenAt: g.lastSeenAt, deployId: deploy?.id ?? null, source,
        },
        select: { id: true },
      })).id;
    }
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO site_change_urls (site_change_id, tracked_url_id, url, observed_at)
      SELECT ${id}::uuid, l.tracked_url_id, l.url, l.observed_at FROM (${latest}) l
      WHERE l.field = ${g.field} AND l.from_kind = ${g.fromKind} AND l.to_kind = ${g.toKind}
      ON CONFLICT (site_change_id, tracked_url_id) DO NOTHING`);
    await tx.$executeRaw(Prisma.sql`
      UPDATE site_changes s SET
        url_count = agg.n, last_seen_at = GREATEST(s.last_seen_at, agg.last),
        sections = agg.sections, sample_urls = agg.samples
      FROM (
        SELECT count(*)::int AS n, max(u.observed_at) AS last,
          (SELECT array_agg(sec ORDER BY cnt DESC, sec) FROM (
            SELECT ${Prisma.raw(`COALESCE(NULLIF(split_part(regexp_replace(x.url, '^[a-z]+://[^/?#]+/?([^?#]*).*$', '\\1'), '/', 1), ''), '')`)} AS sec, count(*) AS cnt
            FROM site_change_urls x WHERE x.site_change_id = ${id}::uuid GROUP BY 1) s2) AS sections,
          (SELECT array_agg(url ORDER BY url) FROM (SELECT url FROM site_change_urls y WHERE y.site_change_id = ${id}::uuid ORDER BY url LIMIT ${SAMPLES}) s3) AS samples
        FROM site_change_urls u WHERE u.site_change_id = ${id}::uuid
      ) agg
      WHERE s.id = ${id}::uuid`);
    return { id, opened: !existing };
  });
}

/** Open changes of the project that no longer show: at most REVERTED_AT_SHARE of their URLs still have the `to` kind. */
async function revertedChanges(projectId: string, now: Date): Promise<string[]> {
  const open = await db.siteChange.findMany({ where: { projectId, status: "open", field: { not: "sitemap_url_count" } }, select: { id: true, field: true, toKind: true } });
  const reverted: string[] = [];
  for (const c of open) {
    const rows = await db.$queryRaw<{ url: string; v: string | null; has: boolean }[]>(Prisma.sql`
      SELECT u.url, s.fields ->> ${c.field} AS v, (s.fields ? ${c.field}) AS has
      FROM site_change_urls u JOIN url_field_snapshots s ON s.tracked_url_id = u.tracked_url_id
      WHERE u.site_change_id = ${c.id}::uuid`);
    if (!rows.length) continue;
    const still = rows.filter((r) => r.has && kindOf(c.field, r.v, r.url) === c.toKind).length;
    if (still <= REVERTED_AT_SHARE * rows.length) {
      const { count } = await db.siteChange.updateMany({ where: { id: c.id, status: "open" }, data: { status: "reverted", revertedAt: now } });
      if (count) reverted.push(c.id);
    }
  }
  return reverted;
}

async function eventData(p: { organizationId: string; projectId: string }, id: string) {
  const c = await db.siteChange.findUniqueOrThrow({ where: { id } });
  return {
    organizationId: p.organizationId, projectId: p.projectId, siteChangeId: c.id, field: c.field, from: c.fromKind, to: c.toKind,
    sections: c.sections, urlCount: c.urlCount, sampleUrls: c.sampleUrls, firstSeenAt: c.firstSeenAt.toISOString(), deployId: c.deployId,
    text: describeSiteChange(c),
  };
}

async function notifyOpened(p: { organizationId: string; projectId: string }, id: string) {
  const c = await db.siteChange.findUniqueOrThrow({ where: { id }, include: { project: { select: { name: true, domain: true } } } });
  const sections = c.sections.slice(0, 3).map((s) => `/${s}${s ? "/" : ""}`).join(", ");
  await notifyMembers(p.organizationId, {
    type: "site_change.detected", title: `Site change on ${c.project.domain}: ${describeSiteChange(c)}`,
    body: `${describeSiteChange(c)}${sections ? ` in ${sections}` : ""}. First seen ${c.firstSeenAt.toISOString().slice(0, 16).replace("T", " ")} UTC.${c.deployId ? " It follows a recorded deploy." : ""}`,
    data: { projectId: p.projectId, siteChangeId: id },
  });
}

const SEVERE: Record<string, (fromKind: string, toKind: string) => boolean> = {
  meta_robots: (_f, t) => t === "noindex",
  x_robots_tag: (_f, t) => t === "noindex",
  status: (f, t) => /^2/.test(f) && /^[45]/.test(t),
  canonical: (f, t) => (f === "self" || f === "none") && ["home", "other", "other_host"].includes(t),
  redirect_target: (f, t) => f === "none" && t !== "none",
  title: (_f, t) => t === "empty",
};
/** Pages by clicks (28 days) that count as the project's top pages. */
export const TOP_PAGES = 10;

/** A severe change on a high-priority page or a top page by clicks alerts on its own, once per change. */
async function alertImportantPages(p: { organizationId: string; projectId: string }, since: Date, now: Date): Promise<number> {
  const rows = await db.$queryRaw<{ url: string; field: string; from: string | null; to: string | null; fromKind: string; toKind: string; high: boolean }[]>(Prisma.sql`
    WITH top AS (SELECT id FROM tracked_urls WHERE project_id = ${p.projectId}::uuid AND clicks_28d > 0 ORDER BY clicks_28d DESC, id LIMIT ${TOP_PAGES})
    SELECT t.url, c.field, c.from_value AS "from", c.to_value AS "to", c.from_kind AS "fromKind", c.to_kind AS "toKind", (t.priority = 'high') AS high
    FROM url_field_changes c JOIN tracked_urls t ON t.id = c.tracked_url_id
    WHERE c.project_id = ${p.projectId}::uuid AND c.observed_at > ${since} AND c.observed_at <= ${now}
      AND (t.priority = 'high' OR t.id IN (SELECT id FROM top))
    ORDER BY c.observed_at, c.id LIMIT 200`);
  const severe = rows.filter((r) => SEVERE[r.field]?.(r.fromKind, r.toKind)).slice(0, 20);
  for (const r of severe) {
    await notifyMembers(p.organizationId, {
      type: "site_change.detected", title: `${describeFieldChange(r)} on ${r.high ? "a high-priority page" : "a top page"}`,
      body: `${r.url}: ${describeFieldChange(r)}.`, data: { projectId: p.projectId, url: r.url, field: r.field },
    });
  }
  return severe.length;
}

/** A drop of more than this share of the sitemaps' URLs between two complete syncs is a site change. */
export const SITEMAP_DROP_SHARE = 0.2;

/** The URLs the project's sitemaps (urlsets) listed at their last sync. */
export async function sitemapUrlTotal(projectId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number | null }[]>(Prisma.sql`
    SELECT sum(url_count)::int AS n FROM sitemaps WHERE project_id = ${projectId}::uuid AND type = 'urlset'::"SitemapType" AND fetch_status = 'ok'::"SitemapFetchStatus"`);
  return row?.n ?? 0;
}

/**
 * After a complete sitemap sync: a drop of over 20 % of the listed URLs opens a site change (`sitemap_url_count`,
 * `count → dropped`); an open one closes itself once the count is back above 80 % of what it was before.
 */
export async function recordSitemapUrlCount(p: { organizationId: string; projectId: string }, before: number, after: number, now = new Date()): Promise<string | null> {
  const open = await db.siteChange.findFirst({ where: { projectId: p.projectId, field: "sitemap_url_count", status: "open" } });
  if (open) {
    const was = Number((open.detail as { before?: number } | null)?.before ?? 0);
    if (after >= (1 - SITEMAP_DROP_SHARE) * was) {
      await db.siteChange.update({ where: { id: open.id }, data: { status: "reverted", revertedAt: now } });
      await sendEvents([{ name: "site_change.reverted", id: `site_change.reverted-${open.id}`, data: await eventData(p, open.id) }]);
    }
    return null;
  }
  if (before <= 0 || after >= (1 - SITEMAP_DROP_SHARE) * before) return null;
  const deploy = await db.deploy.findFirst({ where: { projectId: p.projectId, at: { lte: now } }, orderBy: { at: "desc" }, select: { id: true } });
  const change = await db.siteChange.create({
    data: {
      organizationId: p.organizationId, projectId: p.projectId, field: "sitemap_url_count", fromKind: "count", toKind: "dropped", sections: [], urlCount: before - after,
      sampleUrls: [], firstSeenAt: now, lastSeenAt: now, deployId: deploy?.id ?? null, source: "sitemap", detail: { before, after },
    },
  });
  await sendEvents([{ name: "site_change.detected", id: `site_change.detected-${change.id}`, data: await eventData(p, change.id) }]);
  await notifyOpened(p, change.id);
  return change.id;
}
