import type { Ctx } from "@/lib/core/context";
import { systemCtx } from "@/lib/core/context";
import { Prisma, withTransaction, dbOf } from "@/lib/db";
import { debitCredits } from "@/lib/credits/credit-ledger";
import type { InspectionSource } from "./schemas";

export const LEASE_MS = 30 * 60_000;

export interface ClaimedUrl {
  id: string;
  url: string;
  /** The scheduled slot (due time, or when a user queued it): with the id, the charge's idempotency key. */
  slot: Date;
  source: Extract<InspectionSource, "scheduled" | "requested">;
}

export interface Claim {
  urls: ClaimedUrl[];
  /** Credits debited now (a slot paid for by an earlier, crashed run is not charged again). */
  charged: number;
  /** Due URLs left unclaimed because the organization has no credit for them. */
  skippedNoCredits: number;
  balanceBefore: number;
  balanceAfter: number;
}

type Candidate = { id: string; url: string; slot: Date; paid: boolean };

/**
 * Claims up to `limit` URLs of one project for inspection and pays for them, in one transaction:
 * the organization row is locked (so concurrent claims serialize on the balance, which never goes
 * below zero), queued "check again" URLs come first, then due URLs oldest first, each row taken
 * `FOR UPDATE SKIP LOCKED` and leased in inspection_claims. One credit per URL and slot: the claim
 * row's key (URL, slot) is the idempotency key, so re-claiming a slot a crashed run paid for is free.
 * The batch's credits are one ledger entry.
 */
export async function claimInspections(p: { organizationId: string; projectId: string; includeDue: boolean }, limit: number, now: Date): Promise<Claim> {
  return withTransaction(systemCtx("claim-inspections"), async (ctx) => {
    const { tx } = ctx;
    const [org] = await tx.$queryRaw<{ credit_balance: number }[]>(Prisma.sql`
      SELECT credit_balance FROM organizations WHERE id = ${p.organizationId}::uuid FOR UPDATE`);
    const balanceBefore = org?.credit_balance ?? 0;
    const requested = await candidates(ctx, "requested", p.projectId, limit, now, []);
    const due = p.includeDue && requested.length < limit ? await candidates(ctx, "scheduled", p.projectId, limit - requested.length, now, requested.map((c) => c.id)) : [];
    const all = [...requested.map((c) => ({ ...c, source: "requested" as const })), ...due.map((c) => ({ ...c, source: "scheduled" as const }))];
    if (!all.length) return { urls: [], charged: 0, skippedNoCredits: 0, balanceBefore, balanceAfter: balanceBefore };

    const unpaid = all.filter((c) => !c.paid);
    const affordable = unpaid.slice(0, Math.max(0, balanceBefore));
    const claimed: ClaimedUrl[] = all.filter((c) => c.paid).concat(affordable).map(({ paid: _paid, ...c }) => c);
    if (claimed.length) await lease(ctx, p, claimed, now);
    if (affordable.length) await charge(ctx, p, affordable);
    return {
      urls: claimed, charged: affordable.length, skippedNoCredits: unpaid.length - affordable.length,
      balanceBefore, balanceAfter: balanceBefore - affordable.length,
    };
  });
}

const idList = (ids: string[]) => Prisma.sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;

// The project's claims are read once per statement (hashed subplans over its few rows) rather than probed
// per candidate: a lease still running keeps a URL out; a claim row for the same slot whose lease ran
// out marks a slot already paid for by a run that died.
async function candidates(ctx: Ctx, kind: "requested" | "scheduled", projectId: string, limit: number, now: Date, exclude: string[]): Promise<Candidate[]> {
  const tx = dbOf(ctx);
  const leased = Prisma.sql`t.id NOT IN (SELECT tracked_url_id FROM inspection_claims WHERE project_id = ${projectId}::uuid AND leased_until > ${now})`;
  const paid = (slot: Prisma.Sql) => Prisma.sql`(t.id, ${slot}) IN (SELECT tracked_url_id, slot FROM inspection_claims WHERE project_id = ${projectId}::uuid) AS paid`;
  if (kind === "requested") {
    return tx.$queryRaw<Candidate[]>(Prisma.sql`
      SELECT t.id::text AS id, t.url, r.requested_at AS slot, ${paid(Prisma.sql`r.requested_at`)}
      FROM inspection_requests r JOIN tracked_urls t ON t.id = r.tracked_url_id
      WHERE r.project_id = ${projectId}::uuid AND ${leased}
      ORDER BY r.requested_at, r.tracked_url_id LIMIT ${limit}
      FOR UPDATE OF t SKIP LOCKED`);
  }
  return tx.$queryRaw<Candidate[]>(Prisma.sql`
    SELECT t.id::text AS id, t.url, t.next_inspection_at AS slot, ${paid(Prisma.sql`t.next_inspection_at`)}
    FROM tracked_urls t
    WHERE t.project_id = ${projectId}::uuid AND t.next_inspection_at IS NOT NULL AND t.next_inspection_at <= ${now} AND ${leased}
      ${exclude.length ? Prisma.sql`AND t.id <> ALL(${idList(exclude)})` : Prisma.empty}
    ORDER BY t.next_inspection_at LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`);
}

async function lease(ctx: Ctx, p: { organizationId: string; projectId: string }, claimed: ClaimedUrl[], now: Date) {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO inspection_claims (tracked_url_id, slot, organization_id, project_id, leased_until, created_at)
    SELECT v.id, v.slot, ${p.organizationId}::uuid, ${p.projectId}::uuid, ${new Date(now.getTime() + LEASE_MS)}, ${now}
    FROM jsonb_to_recordset(${JSON.stringify(claimed.map((c) => ({ id: c.id, slot: c.slot })))}::jsonb) AS v(id uuid, slot timestamptz)
    ORDER BY v.id
    ON CONFLICT (tracked_url_id, slot) DO UPDATE SET leased_until = EXCLUDED.leased_until`);
}

/** One ledger debit for the batch; the balance was read under the row lock this transaction holds, so it covers it. */
async function charge(ctx: Ctx, p: { organizationId: string; projectId: string }, paidNow: ClaimedUrl[]) {
  const n = paidNow.length;
  const requested = paidNow.filter((c) => c.source === "requested").length;
  await debitCredits(ctx, {
    organizationId: p.organizationId, amount: n, kind: "inspection", reference: p.projectId,
    metadata: { projectId: p.projectId, urls: n, scheduled: n - requested, requested },
  });
}
