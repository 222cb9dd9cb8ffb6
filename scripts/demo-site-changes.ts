// The demo's site watch: a deploy three hours ago ("v3.14.0", a new product template) that pointed the canonical of
// one section's pages at the home page. Its field changes are written as the audit writes them (snapshot and change
// rows, kinds from the same code), then the real detection opens the site change and links the deploy. Made only
// when missing, so a second run adds nothing.
import { systemCtx, type OrgCtx } from "../lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "../lib/db";
import { bounded, changeKinds } from "../lib/site-watch/field-history";
import { detectSiteChanges } from "../lib/site-watch/site-changes";

const REF = "v3.14.0";
const HOUR = 3_600_000;

export async function seedSiteChanges(ctx: OrgCtx, projectId: string, now = new Date()): Promise<{ created: boolean; urls: number; section: string | null }> {
  const p = { organizationId: ctx.org.id, projectId };
  if (await db.deploy.findFirst({ where: { projectId, ref: REF } })) return { created: false, urls: 0, section: null };
  const rows = await db.$queryRaw<{ section: string }[]>(Prisma.sql`
    SELECT split_part(regexp_replace(url, '^[a-z]+://[^/?#]+/?([^?#]*).*$', '\\1'), '/', 1) AS section FROM tracked_urls
    WHERE project_id = ${projectId}::uuid GROUP BY 1 HAVING split_part(regexp_replace(url, '^[a-z]+://[^/?#]+/?([^?#]*).*$', '\\1'), '/', 1) <> ''
    ORDER BY count(*) DESC LIMIT 1`);
  const section = rows[0]?.section ?? null;
  if (!section) return { created: false, urls: 0, section: null };
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { domain: true } });
  const home = `https://${project.domain}/`;
  const urls = await db.trackedUrl.findMany({
    where: { projectId, url: { contains: `/${section}/` } }, orderBy: { url: "asc" }, take: 40, select: { id: true, url: true, canonicalUrl: true },
  });
  const deployAt = new Date(now.getTime() - 3 * HOUR);
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
