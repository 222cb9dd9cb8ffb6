// A project's rendering: its settings (the weekly sample), the renderer's state, what the latest renders show by
// kind and section, and the AI view (pages whose raw HTML holds under a fifth of the rendered text).
import type { OrgCtx } from "@/lib/core/context";
import { db, Prisma } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getDefaultPool, type BrowserPool } from "./browser";
import { JS_ONLY_RATIO, MIN_TEXT_FOR_RATIO } from "./compare";
import { RENDER_CREDITS } from "./render-url";
import type { RenderingResponse, renderingSettingsBody } from "./schemas";
import type { z } from "zod";

/** Weekly sample: pages per first path segment (default) and the most per project. */
export const DEFAULT_SAMPLE_PER_SECTION = 5;
export const MAX_SAMPLE_PER_PROJECT = 100;

/** The first path segment of a URL ("/" for the root and pages directly under it without a slash). */
export function sectionOf(url: string): string {
  try {
    const first = new URL(url).pathname.split("/").filter(Boolean)[0];
    return first && new URL(url).pathname.length > first.length + 1 ? `/${first}/` : "/";
  } catch {
    return "/";
  }
}

export async function getRendering(ctx: OrgCtx, projectId: string, pool: BrowserPool = getDefaultPool()): Promise<z.infer<typeof RenderingResponse>> {
  const project = await getProjectOrThrow(ctx, projectId);
  const [state, settings, rows] = await Promise.all([
    pool.state(),
    db.renderingSettings.findUnique({ where: { projectId: project.id } }),
    db.$queryRaw<{ id: string; url: string; rendered_at: Date; status: "rendered" | "failed"; kinds: string[] | null; text_ratio: number | null; rendered_text: number | null }[]>(Prisma.sql`
      SELECT tracked_url_id::text AS id, url, rendered_at, status::text AS status,
             (SELECT array_agg(d->>'kind') FROM jsonb_array_elements(differences) d) AS kinds,
             text_ratio, (rendered->>'textLength')::int AS rendered_text
      FROM url_renders WHERE project_id = ${project.id}::uuid ORDER BY rendered_at DESC LIMIT 5000`),
  ]);
  const differencesByKind: Record<string, number> = {};
  const sections = new Map<string, { section: string; rendered: number; withDifferences: number; underFifth: number }>();
  let pagesUnderFifth = 0;
  let judged = 0;
  let failed = 0;
  for (const r of rows) {
    if (r.status === "failed") {
      failed++;
      continue;
    }
    const section = sectionOf(r.url);
    const s = sections.get(section) ?? { section, rendered: 0, withDifferences: 0, underFifth: 0 };
    sections.set(section, s);
    s.rendered++;
    const kinds = r.kinds ?? [];
    if (kinds.length) s.withDifferences++;
    for (const k of kinds) differencesByKind[k] = (differencesByKind[k] ?? 0) + 1;
    judged++;
    if ((r.rendered_text ?? 0) >= MIN_TEXT_FOR_RATIO && r.text_ratio !== null && r.text_ratio < JS_ONLY_RATIO) {
      pagesUnderFifth++;
      s.underFifth++;
    }
  }
  return {
    renderer: { available: state.available, mode: state.mode, poolSize: state.poolSize, reason: state.reason },
    price: RENDER_CREDITS,
    samplePerSection: settings?.samplePerSection ?? DEFAULT_SAMPLE_PER_SECTION,
    cadence: settings?.cadence === "off" ? "off" : "weekly",
    lastSampleAt: settings?.lastSampleAt?.toISOString() ?? null,
    sampled: rows.length,
    failed,
    differencesByKind,
    bySection: [...sections.values()].sort((a, b) => b.withDifferences - a.withDifferences || a.section.localeCompare(b.section)),
    aiView: { pagesUnderFifth, sampled: judged, share: judged ? Math.round((pagesUnderFifth / judged) * 1000) / 1000 : null },
    recent: rows.slice(0, 20).map((r) => ({ urlId: r.id, url: r.url, renderedAt: r.rendered_at.toISOString(), status: r.status, differences: r.kinds?.length ?? 0, textRatio: r.text_ratio })),
  };
}

export async function putRendering(ctx: OrgCtx, projectId: string, body: z.infer<typeof renderingSettingsBody>, pool?: BrowserPool) {
  const project = await getProjectOrThrow(ctx, projectId);
  const data = { ...(body.samplePerSection !== undefined ? { samplePerSection: body.samplePerSection } : {}), ...(body.cadence ? { cadence: body.cadence } : {}) };
  await db.renderingSettings.upsert({ where: { projectId: project.id }, create: { projectId: project.id, organizationId: project.organizationId, ...data }, update: data });
  return getRendering(ctx, projectId, pool);
}

/**
 * The weekly sample of a project: per first path segment, the `perSection` tracked URLs (not stale) of highest
 * priority, then most clicks in 28 days, then oldest discovered; at most 100 in all, sections taking turns.
 */
export async function pickSample(projectId: string, perSection: number, max = MAX_SAMPLE_PER_PROJECT): Promise<{ id: string; url: string }[]> {
  if (perSection <= 0) return [];
  const rows = await db.$queryRaw<{ id: string; url: string; section: string; rank: number }[]>(Prisma.sql`
    SELECT id::text AS id, url, section, rank::int AS rank FROM (
      SELECT t.id, t.url, s.section,
             row_number() OVER (PARTITION BY s.section ORDER BY CASE t.priority WHEN 'high' THEN 0 WHEN 'normal' THEN 1 WHEN 'low' THEN 3 ELSE 2 END,
                                t.clicks_28d DESC NULLS LAST, t.discovered_at, t.id) AS rank
      FROM tracked_urls t
      CROSS JOIN LATERAL (SELECT CASE WHEN m[1] IS NULL THEN '/' ELSE '/' || m[1] || '/' END AS section
                          FROM (SELECT regexp_match(t.url, '^https?://[^/]+/([^/?#]+)/') AS m) x) s
      WHERE t.project_id = ${projectId}::uuid AND t.stale_at IS NULL
    ) ranked WHERE rank <= ${perSection}
    ORDER BY rank, section LIMIT ${max}`);
  return rows.map((r) => ({ id: r.id, url: r.url }));
}
