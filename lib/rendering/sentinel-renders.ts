// The daily render of the site watch's sentinel pages (lib/site-watch/sentinels.ts): each sentinel page that is a
// tracked URL, rendered once a day without credits (as its sentinel audits are free), so a deploy whose template
// script adds noindex or rewrites the canonical is seen within a day. The render is stored like any other (the
// latest replaces the previous one) and the five rendering issue rules apply to it. A page rendered within the
// day, on demand or by the weekly sample, is not rendered again.
import { systemCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { db, Prisma } from "@/lib/db";
import { renderTrackedUrl, type RenderDeps } from "./render-url";

export const SENTINEL_RENDER_INTERVAL_MS = 86_400_000;
/** Renders at most per hourly run (a pool of 2 renders ~60 a minute: a run stays within a few minutes). */
export const SENTINEL_RENDERS_PER_RUN = 200;

export type SentinelRenderPage = { trackedUrlId: string; url: string };
export type SentinelRenderProject = { organizationId: string; projectId: string; pages: SentinelRenderPage[] };
export type SentinelRenderReport = { projectId: string; rendered: number; failed: number; stoppedBy: "renderer" | null };

/**
 * The sentinel pages due for their daily render (a tracked URL, never rendered or rendered over a day ago), of active
 * projects, grouped by project, at most `limit` pages in all; the longest waiting first.
 */
export async function listSentinelRendersDue(now: Date, limit = SENTINEL_RENDERS_PER_RUN): Promise<SentinelRenderProject[]> {
  // A little slack, so that a page rendered at 10:00:05 yesterday is due at the run of 10:00 today.
  const before = new Date(now.getTime() - SENTINEL_RENDER_INTERVAL_MS + 10 * 60_000);
  const rows = await db.$queryRaw<{ organization_id: string; project_id: string; tracked_url_id: string; url: string }[]>(Prisma.sql`
    SELECT p.organization_id::text, p.id::text AS project_id, t.id::text AS tracked_url_id, t.url
    FROM sentinel_pages s
    JOIN projects p ON p.id = s.project_id
    JOIN organizations o ON o.id = p.organization_id
    JOIN tracked_urls t ON t.id = s.tracked_url_id AND t.project_id = p.id
    LEFT JOIN url_renders r ON r.tracked_url_id = t.id
    WHERE p.deleted_at IS NULL AND p.status = 'active' AND o.deleted_at IS NULL
      AND (r.rendered_at IS NULL OR r.rendered_at <= ${before})
    ORDER BY r.rendered_at NULLS FIRST, p.id, t.url LIMIT ${limit}`);
  const byProject = new Map<string, SentinelRenderProject>();
  for (const r of rows) {
    let p = byProject.get(r.project_id);
    if (!p) byProject.set(r.project_id, (p = { organizationId: r.organization_id, projectId: r.project_id, pages: [] }));
    p.pages.push({ trackedUrlId: r.tracked_url_id, url: r.url });
  }
  return [...byProject.values()];
}

/** Renders one project's due sentinel pages, free of credits; stops when our renderer cannot run (nothing stored). */
export async function renderSentinelPages(p: SentinelRenderProject, deps: RenderDeps = {}, now = () => new Date()): Promise<SentinelRenderReport> {
  const ctx = systemCtx("rendering-sentinels", p.organizationId);
  const report: SentinelRenderReport = { projectId: p.projectId, rendered: 0, failed: 0, stoppedBy: null };
  for (const page of p.pages) {
    try {
      const { outcome } = await renderTrackedUrl(ctx, { organizationId: p.organizationId, projectId: p.projectId, ...page, source: "sentinel", deps, now });
      if (outcome.status === "rendered") report.rendered++;
      else report.failed++;
    } catch (e) {
      if (e instanceof DomainError && e.code === "RENDERER_UNAVAILABLE") {
        report.stoppedBy = "renderer";
        break;
      }
      throw e;
    }
  }
  return report;
}
