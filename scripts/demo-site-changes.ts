// The demo's site watch: a deploy three hours ago ("v3.14.0", a new product template) that pointed the canonical of
// 40 product pages at the home page; the demo site (scripts/demo-world.ts) serves them so, so the change stays open. Its field changes are written as the audit writes them (snapshot and change
// rows, kinds from the same code), then the real detection opens the site change and links the deploy. Made only
// when missing, so a second run adds nothing.
import { systemCtx, type OrgCtx } from "../lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "../lib/db";
import { bounded, changeKinds } from "../lib/site-watch/field-history";
import { detectSiteChanges } from "../lib/site-watch/site-changes";
import { BROKEN_CANONICAL_SECTION, brokenCanonicalPaths, DEPLOY_HOURS_AGO } from "./demo-world";

const REF = "v3.14.0";
const HOUR = 3_600_000;

export async function seedSiteChanges(ctx: OrgCtx, projectId: string, now = new Date()): Promise<{ created: boolean; urls: number; section: string | null }> {
  const p = { organizationId: ctx.org.id, projectId };
  if (await db.deploy.findFirst({ where: { projectId, ref: REF } })) return { created: false, urls: 0, section: null };
  const section = BROKEN_CANONICAL_SECTION;
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { domain: true } });
  const home = `https://${project.domain}/`;
  // The pages the demo site serves with the broken canonical (scripts/demo-world.ts), as tracked.
  const urls = await db.trackedUrl.findMany({
    where: { projectId, url: { in: [...brokenCanonicalPaths()].map((path) => `https://${project.domain}${path}`) } },
    orderBy: { url: "asc" }, select: { id: true, url: true, canonicalUrl: true },
  });
  if (!urls.length) return { created: false, urls: 0, section: null };
  const deployAt = new Date(now.getTime() - DEPLOY_HOURS_AGO * HOUR);
  await db.deploy.create({ data: { ...p, at: deployAt, ref: REF, description: "New product template", source: "hook" } });
  await db.deploy.create({ data: { ...p, at: new Date(now.getTime() - 9 * 24 * HOUR), ref: "v3.13.2", description: "Checkout fixes", source: "hook" } });
  const seenAt = new Date(deployAt.getTime() + 12 * 60_000); // the sentinels' run after the deploy, then the cycle
  await withTransaction(systemCtx("demo", p.organizationId), async (ctx) => {
    const tx = dbOf(ctx);
    for (const u of urls) {
      const before = bounded(u.canonicalUrl ?? u.url);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO url_field_snapshots (tracked_url_id, project_id, fields, observed_at) VALUES (${u.id}::uuid, ${projectId}::uuid, jsonb_build_object('canonical', ${home}::text), ${seenAt})
        ON CONFLICT (tracked_url_id) DO UPDATE SET fields = url_field_snapshots.fields || jsonb_build_object('canonical', ${home}::text), observed_at = EXCLUDED.observed_at`);
      await tx.urlFieldChange.create({
        data: { ...p, trackedUrlId: u.id, observedAt: seenAt, field: "canonical", fromValue: before, toValue: home, ...changeKinds("canonical", before, home, u.url), source: "audit" },
      });
    }
  });
  await detectSiteChanges(ctx, projectId, { now });
  return { created: true, urls: urls.length, section };
}
