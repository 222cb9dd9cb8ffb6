import { Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { CREDIT_KINDS, CreditUsage, type UsageQuery } from "./schemas";

const DAY = 86_400_000;
export const DEFAULT_USAGE_DAYS = 30;

/** The UTC dates of a window of `days` ending today, oldest first. */
export function windowDates(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY).toISOString().slice(0, 10));
}

/**
 * GET O/credits/usage: the credits added and spent over the last `days` UTC dates (today included): totals per kind,
 * per day (for the chart) and per project. Three grouped reads of the ledger along its (organization, created_at) index.
 */
export async function getCreditUsage(ctx: OrgCtx, query: UsageQuery, now = new Date()): Promise<CreditUsage> {
  const org = ctx.org.id;
  const days = query.days ?? DEFAULT_USAGE_DAYS;
  const dates = windowDates(now, days);
  const from = new Date(`${dates[0]}T00:00:00.000Z`);
  const [perDay, perProject, balance] = await Promise.all([
    sqlRows<{ day: string; kind: (typeof CREDIT_KINDS)[number]; amount: number; added: number; taken: number }>(Prisma.sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, kind::text AS kind, sum(amount)::int AS amount,
             coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::int AS added, coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::int AS taken
      FROM credit_ledger_entries WHERE organization_id = ${org}::uuid AND created_at >= ${from}
      GROUP BY 1, 2`),
    sqlRows<{ project_id: string; name: string; deleted: boolean; sitemap: number; inspection: number }>(Prisma.sql`
      SELECT p.id::text AS project_id, p.name, p.deleted_at IS NOT NULL AS deleted,
             coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'sitemap_admission'), 0)::int AS sitemap,
             coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'inspection'), 0)::int AS inspection
      FROM credit_ledger_entries e
      JOIN projects p ON p.organization_id = e.organization_id AND p.id::text = e.metadata->>'projectId'
      WHERE e.organization_id = ${org}::uuid AND e.created_at >= ${from} AND e.kind IN ('sitemap_admission', 'inspection')
      GROUP BY p.id, p.name, p.deleted_at
      ORDER BY -sum(e.amount) DESC, p.name, p.id
      LIMIT 100`),
    currentBalance(ctx, org),
  ]);
  const byKind = Object.fromEntries(CREDIT_KINDS.map((k) => [k, 0])) as Record<(typeof CREDIT_KINDS)[number], number>;
  const byDate = new Map(dates.map((date) => [date, { date, granted: 0, sitemapAdmission: 0, inspection: 0, other: 0 }]));
  for (const r of perDay) {
    byKind[r.kind] += r.amount;
    const d = byDate.get(r.day);
    if (!d) continue;
    if (r.kind === "grant") d.granted += r.amount;
    else if (r.kind === "sitemap_admission") d.sitemapAdmission -= r.amount;
    else if (r.kind === "inspection") d.inspection -= r.amount;
    else d.other -= r.amount;
  }
  return CreditUsage.parse({
    days, from: from.toISOString(), balance: Math.max(0, balance),
    granted: perDay.reduce((s, r) => s + r.added, 0),
    spent: perDay.reduce((s, r) => s + r.taken, 0),
    byKind, daily: [...byDate.values()],
    byProject: perProject.map((p) => ({ projectId: p.project_id, name: p.name, deleted: p.deleted, sitemapAdmission: p.sitemap, inspection: p.inspection })),
  });
}
