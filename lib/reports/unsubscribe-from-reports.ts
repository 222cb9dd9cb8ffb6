import { DomainError } from "@/lib/core/errors";
import { db, Prisma } from "@/lib/db";
import { parseReportUnsubscribeToken, tokenNames } from "./unsubscribe-token";

export type UnsubscribeTarget = { projectId: string; organizationId: string; domain: string; email: string; unsubscribed: boolean };

const INVALID = "This unsubscribe link is not valid: it may be incomplete. Use the link of a report mail as it arrived.";

/**
 * The project and address an unsubscribe token names: the address is the one of the project's recipients (of the
 * schedule, of every report sent, or already unsubscribed) whose MAC the token carries. 404 NOT_FOUND for a forged,
 * truncated or malformed token, or one of a deleted project.
 */
export async function findUnsubscribeTarget(token: string): Promise<UnsubscribeTarget> {
  const parsed = parseReportUnsubscribeToken(token);
  if (!parsed) throw new DomainError("NOT_FOUND", INVALID);
  const project = await db.project.findFirst({
    where: { id: parsed.projectId, deletedAt: null, organization: { deletedAt: null } }, select: { id: true, organizationId: true, domain: true },
  });
  if (!project) throw new DomainError("NOT_FOUND", INVALID);
  const candidates = await db.$queryRaw<{ email: string }[]>(Prisma.sql`
    SELECT DISTINCT lower(e) AS email FROM (
      SELECT unnest(recipients) AS e FROM report_schedules WHERE project_id = ${project.id}::uuid
      UNION ALL SELECT unnest(recipients) FROM client_reports WHERE project_id = ${project.id}::uuid
      UNION ALL SELECT email FROM report_unsubscribes WHERE project_id = ${project.id}::uuid
    ) x`);
  const email = candidates.map((c) => c.email).find((e) => tokenNames(parsed, e));
  if (!email) throw new DomainError("NOT_FOUND", INVALID);
  const done = await db.reportUnsubscribe.findUnique({ where: { projectId_email: { projectId: project.id, email } } });
  return { projectId: project.id, organizationId: project.organizationId, domain: project.domain, email, unsubscribed: Boolean(done) };
}

/** Stops the project's report mails to the token's address (RFC 8058 one-click, or the confirmation page's button). Idempotent. */
export async function unsubscribeFromReports(token: string): Promise<UnsubscribeTarget> {
  const target = await findUnsubscribeTarget(token);
  await db.reportUnsubscribe.createMany({ data: [{ projectId: target.projectId, organizationId: target.organizationId, email: target.email }], skipDuplicates: true });
  return { ...target, unsubscribed: true };
}

/** The project's unsubscribed addresses among `emails` (compared in lower case), in their spelling. */
export async function unsubscribedAmong(projectId: string, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await db.reportUnsubscribe.findMany({ where: { projectId, email: { in: emails.map((e) => e.toLowerCase()) } }, select: { email: true } });
  const gone = new Set(rows.map((r) => r.email));
  return emails.filter((e) => gone.has(e.toLowerCase()));
}
