import { db, Prisma } from "@/lib/db";

// Report mails an organization may send in 24 hours (every recipient's copy counts, test reports too): a member
// cannot turn the reports into a bulk mailer. REPORT_MAILS_PER_ORG_PER_DAY, 200 by default.

export const DEFAULT_REPORT_MAILS_PER_DAY = 200;

export function reportMailsPerDay(): number {
  const n = Number(process.env.REPORT_MAILS_PER_ORG_PER_DAY);
  return process.env.REPORT_MAILS_PER_ORG_PER_DAY && Number.isInteger(n) && n >= 0 ? n : DEFAULT_REPORT_MAILS_PER_DAY;
}

/** Report mails the organization's reports delivered in the 24 hours before `now`. */
export async function reportMailsSince(organizationId: string, now: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT coalesce(sum(cardinality(delivered_to)), 0)::int AS n FROM client_reports
    WHERE organization_id = ${organizationId}::uuid AND coalesce(sent_at, created_at) > ${new Date(now.getTime() - 86_400_000)}`);
  return row?.n ?? 0;
}

export const dailyCapMessage = (cap: number) =>
  `The organization's limit of ${cap} report mails in 24 hours is reached; the rest go out once it frees up (REPORT_MAILS_PER_ORG_PER_DAY)`;
