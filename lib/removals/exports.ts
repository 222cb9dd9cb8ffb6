import { csvLines } from "@/lib/csv/csv-stream";
import { db, dbOf, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getBatchOrThrow } from "./internal";

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

async function sitemapOf(batchId: string, client: Pick<typeof db, "$queryRaw">): Promise<string> {
  const rows = await client.$queryRaw<{ url: string; declared_at: Date }[]>(Prisma.sql`
    SELECT url, declared_at FROM removal_urls WHERE batch_id = ${batchId}::uuid AND state <> 'cancelled' ORDER BY url`);
  const body = rows.map((r) => `  <url><loc>${xml(r.url)}</loc><lastmod>${r.declared_at.toISOString()}</lastmod></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}${body ? "\n" : ""}</urlset>\n`;
}

/**
 * The removal sitemap of a batch: its URLs (cancelled ones left out) with lastmod = when the removal was declared, so
 * that an engine given the sitemap re-fetches them and finds them gone. At most 10,000 URLs, under the protocol's 50,000.
 */
export async function removalSitemap(ctx: OrgCtx, projectId: string, removalId: string): Promise<string> {
  const project = await getProjectOrThrow(ctx, projectId);
  const batch = await getBatchOrThrow(ctx, project.id, removalId);
  return sitemapOf(batch.id, dbOf(ctx));
}

/** The same sitemap at the batch's public address: no credentials, the token is the secret; a cancelled batch's answers 404. */
export async function publicRemovalSitemap(file: string): Promise<string> {
  const token = /^([A-Za-z0-9_-]{20,64})\.xml$/.exec(file)?.[1];
  const batch = token
    ? await db.removalBatch.findFirst({ where: { publicToken: token, status: { not: "cancelled" }, project: { deletedAt: null } }, select: { id: true } })
    : null;
  if (!batch) throw new DomainError("NOT_FOUND", "Not found");
  return sitemapOf(batch.id, db);
}

/**
 * The batch's URLs as CSV for Search Console's Removals tool and for people: url first (the column the tool reads),
 * then state, what our audit sees and each engine's state. Cells a spreadsheet would run as a formula are quoted and prefixed.
 */
export async function removalCsv(ctx: OrgCtx, projectId: string, removalId: string): Promise<string> {
  const project = await getProjectOrThrow(ctx, projectId);
  const batch = await getBatchOrThrow(ctx, project.id, removalId);
  const rows = await dbOf(ctx).removalUrl.findMany({ where: { batchId: batch.id }, orderBy: { url: "asc" } });
  const head = ["url", "intent", "state", "site_confirmed", "site_reason", "google_state", "google_removed_at", "bing_state", "bing_removed_at", "declared_at", "removed_at"];
  return csvLines([head, ...rows.map((r) => [
    r.url, batch.intent, r.state, r.siteConfirmed === null ? "" : String(r.siteConfirmed), r.siteReason ?? "", r.engineAState ?? "", r.engineARemovedAt?.toISOString() ?? "",
    r.engineBState ?? "", r.engineBRemovedAt?.toISOString() ?? "", r.declaredAt.toISOString(), r.removedAt?.toISOString() ?? "",
  ])]);
}
