import type { Ctx } from "@/lib/core/context";
import { systemCtx } from "@/lib/core/context";
import { db, Prisma, withTransaction, dbOf } from "@/lib/db";

// Report mails an organization may send in 24 hours (every recipient's copy counts, test reports too): a member
// cannot turn the reports into a bulk mailer. REPORT_MAILS_PER_ORG_PER_DAY, 200 by default.

export const DEFAULT_REPORT_MAILS_PER_DAY = 200;

export function reportMailsPerDay(): number {
  const n = Number(process.env.REPORT_MAILS_PER_ORG_PER_DAY);
  return process.env.REPORT_MAILS_PER_ORG_PER_DAY && Number.isInteger(n) && n >= 0 ? n : DEFAULT_REPORT_MAILS_PER_DAY;
}

/** Report mails the organization's reports delivered in the 24 hours before `now`. */
export async function reportMailsSince(organizationId: string, now: Date, ctx?: Ctx): Promise<number> {
  const tx = ctx ? dbOf(ctx) : db;
  const [row] = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT coalesce(sum(cardinality(delivered_to)), 0)::int AS n FROM client_reports
    WHERE organization_id = ${organizationId}::uuid AND coalesce(sent_at, created_at) > ${new Date(now.getTime() - 86_400_000)}`);
  return row?.n ?? 0;
}

export const dailyCapMessage = (cap: number) =>
  `The organization's limit of ${cap} report mails in 24 hours is reached; the rest go out once it frees up (REPORT_MAILS_PER_ORG_PER_DAY)`;

type Fence = { id: string; attempts: number };

/**
 * Takes one of the organization's report mails for `email` on the report row `fence`, recorded in its delivered_to
 * before the mail is sent: counted behind a per-organization lock, so concurrent deliveries (several projects, a
 * burst of test reports) never pass the cap together. `capped` when the cap is reached; `lost` when the row was
 * claimed again since (its new owner sends).
 */
export async function reserveReportMail(organizationId: string, fence: Fence, email: string, cap: number): Promise<"reserved" | "capped" | "lost"> {
  return withTransaction(systemCtx("mail-cap"), async (ctx) => {
    const { tx } = ctx;
    await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`report-mails:${organizationId}`}, 0))`);
    if (await reportMailsSince(organizationId, new Date(), ctx) >= cap) return "capped";
    const { count } = await tx.clientReport.updateMany({ where: fence, data: { deliveredTo: { push: email } } });
    return count ? "reserved" : "lost";
  });
}

/** Gives back a reserved mail that could not be sent (a retry sends it). */
export async function releaseReportMail(fence: Fence, email: string): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    UPDATE client_reports SET delivered_to = array_remove(delivered_to, ${email}) WHERE id = ${fence.id}::uuid AND attempts = ${fence.attempts}`);
}
