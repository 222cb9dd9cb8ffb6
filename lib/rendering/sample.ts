// The weekly render sample: for each active project with credit-funded automation on (the owner chose to spend
// credits on checks) and a sample cadence of "weekly", once every 7 days, the pages pickSample chooses, each
// rendered and charged like an on-demand render while the balance pays for it.
import { systemCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { db, Prisma } from "@/lib/db";
import { DEFAULT_SAMPLE_PER_SECTION, pickSample } from "./overview";
import { RENDER_CREDITS, renderTrackedUrl, type RenderDeps } from "./render-url";

export type SampleProject = { organizationId: string; projectId: string; samplePerSection: number };
export type SampleReport = { projectId: string; picked: number; rendered: number; failed: number; stoppedBy: "credits" | "renderer" | null };

const WEEK_MS = 7 * 86_400_000;

/** Projects whose sample is due (never taken, or 7 days ago), oldest first, at most `limit` per run. */
export async function listProjectsDueForSample(now: Date, limit = 20): Promise<SampleProject[]> {
  const rows = await db.$queryRaw<{ organization_id: string; project_id: string; per_section: number }[]>(Prisma.sql`
    SELECT p.organization_id::text, p.id::text AS project_id, coalesce(s.sample_per_section, ${DEFAULT_SAMPLE_PER_SECTION})::int AS per_section
    FROM projects p LEFT JOIN rendering_settings s ON s.project_id = p.id
    WHERE p.deleted_at IS NULL AND p.status = 'active' AND p.automated_inspections_enabled
      AND coalesce(s.cadence, 'weekly') = 'weekly' AND coalesce(s.sample_per_section, ${DEFAULT_SAMPLE_PER_SECTION}) > 0
      AND (s.last_sample_at IS NULL OR s.last_sample_at <= ${new Date(now.getTime() - WEEK_MS)})
    ORDER BY s.last_sample_at NULLS FIRST, p.id LIMIT ${limit}`);
  return rows.map((r) => ({ organizationId: r.organization_id, projectId: r.project_id, samplePerSection: r.per_section }));
}

/** Takes one project's sample: marks it taken first (a crash does not retake it within the week), then renders. */
export async function renderProjectSample(p: SampleProject, deps: RenderDeps = {}, now = () => new Date()): Promise<SampleReport> {
  await db.renderingSettings.upsert({
    where: { projectId: p.projectId }, create: { projectId: p.projectId, organizationId: p.organizationId, lastSampleAt: now() }, update: { lastSampleAt: now() },
  });
  const ctx = systemCtx("rendering-sample", p.organizationId);
  const picked = await pickSample(p.projectId, p.samplePerSection);
  const report: SampleReport = { projectId: p.projectId, picked: picked.length, rendered: 0, failed: 0, stoppedBy: null };
  for (const u of picked) {
    if ((await currentBalance(ctx, p.organizationId)) < RENDER_CREDITS) {
      report.stoppedBy = "credits";
      break;
    }
    try {
      const { outcome } = await renderTrackedUrl(ctx, { ...p, trackedUrlId: u.id, url: u.url, source: "sample", deps, charge: { actorUserId: null }, now });
      if (outcome.status === "rendered") report.rendered++;
      else report.failed++;
    } catch (e) {
      if (e instanceof DomainError && e.code === "INSUFFICIENT_CREDITS") report.stoppedBy = "credits";
      else if (e instanceof DomainError && e.code === "RENDERER_UNAVAILABLE") report.stoppedBy = "renderer";
      else throw e;
      break;
    }
  }
  return report;
}
