import { systemCtx } from "@/lib/core/context";
import { db, Prisma, txRunner, withTransaction } from "@/lib/db";
import { HitAggregator } from "../aggregate/aggregate-hits";
import { commitCrawlAggregates, foldUntrackedUrls, refreshTrackedCrawlFields } from "../aggregate/commit-crawl-aggregates";
import { claimMatch, verifier, type DeferredHits } from "./ingest-log-batch";
import { TrackedUrlResolver } from "../aggregate/resolve-tracked-urls";
import type { LogHit } from "../types";
import type { Verification } from "../verify/verify-crawler";

/**
 * Verifies a pushed batch's set-aside claims by reverse DNS (the push capped them at LOG_PUSH_DNS_LOOKUPS addresses) and
 * counts their hits: verified ones as the crawler's fetches, the rest as unverified. The row is deleted in the transaction
 * that stores the counts: a repeated run finds nothing.
 */
export async function verifyPushedHits(verificationId: string, now = new Date()): Promise<{ hits: number; verified: number } | null> {
  const row = await db.logPushVerification.findUnique({ where: { id: verificationId }, include: { project: { select: { domain: true, deletedAt: true } } } });
  if (!row) return null;
  if (row.project.deletedAt) { await db.logPushVerification.deleteMany({ where: { id: verificationId } }); return null; }
  const d = row.hits as unknown as DeferredHits;
  const v = verifier();
  const verdicts: Verification[] = await Promise.all(d.claims.map((c) => v.classify(claimMatch(c), c.ip)));
  const p = { organizationId: row.organizationId, projectId: row.projectId, domain: row.project.domain };
  const agg = new HitAggregator(p.domain);
  const hit = { time: new Date(0), status: null as number | null } as LogHit;
  for (let o = 0; o < d.rows.length; o += 4) {
    hit.time.setTime(d.rows[o + 2]);
    hit.status = d.rows[o + 3] < 0 ? null : d.rows[o + 3];
    agg.add(hit, claimMatch(d.claims[d.rows[o + 1]]), verdicts[d.rows[o + 1]], d.paths[d.rows[o]]);
  }
  const idOf = await new TrackedUrlResolver(p.projectId, p.domain).resolve(agg.urlPaths());
  const done = await withTransaction(systemCtx("verify-pushed-hits", p.organizationId), async (ctx) => {
    const { tx } = ctx;
    const gone = await tx.$executeRaw(Prisma.sql`DELETE FROM log_push_verifications WHERE id = ${verificationId}::uuid`);
    if (gone !== 1) return false;
    const run = txRunner(tx);
    const touched = await commitCrawlAggregates(run, p, agg, idOf);
    await foldUntrackedUrls(run, p);
    await refreshTrackedCrawlFields(ctx, p, now, touched.ids);
    return true;
  }, { timeout: 60_000 });
  return done ? { hits: d.rows.length / 4, verified: agg.counters.verifiedHits } : null;
}
