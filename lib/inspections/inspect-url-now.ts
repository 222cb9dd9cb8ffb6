import { db, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import type { AuditOutcome } from "@/lib/audit/types";
import { auditUrl } from "@/lib/audit/audit-url";
import { getDefaultRobotsCache } from "@/lib/audit/robots-cache";
import { currentBalance, debitCredits } from "@/lib/credits/credit-ledger";
import { notifyIfCreditsLow } from "@/lib/credits/credits-low";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";
import { getDefaultFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getUrl } from "@/lib/urls/get-url";
import { connectedEngines } from "@/lib/connections/connected-engines";
import { observeEngines } from "@/lib/engine-sync";
import { logEngineWarning } from "@/lib/engines/log";
import { applyAuditOutcomes } from "./apply-audit-outcomes";
import { detectSiteChanges } from "@/lib/site-watch/site-changes";

export const INSPECT_NOW_PER_PROJECT = 10;
const inFlight = new Map<string, number>();

export type Audit = (url: string) => Promise<AuditOutcome>;
const defaultAudit: Audit = (url) => auditUrl(url, { fetcher: getDefaultFetcher(), robots: getDefaultRobotsCache() });

/**
 * Audits one URL now for 1 credit and answers the updated URL. The credit is checked first (402 before
 * any request) and debited in the transaction that writes the outcome, so an inspection is paid only
 * when its result is stored. At most 10 run at once per project (429 beyond, in this process).
 */
export async function inspectUrlNow({ ctx, projectId, urlId, audit = defaultAudit, now = () => new Date() }: {
  ctx: OrgCtx; projectId: string; urlId: string; audit?: Audit; now?: () => Date;
}) {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await db.trackedUrl.findFirst({ where: { id: urlId, projectId: project.id, organizationId: project.organizationId }, select: { id: true, url: true } });
  if (!row) throw new DomainError("NOT_FOUND", "URL not found");
  const available = await currentBalance(ctx, project.organizationId);
  if (available < 1) throw new DomainError("INSUFFICIENT_CREDITS", "An inspection needs 1 credit; none are available", { required: 1, available: Math.max(0, available) });

  const running = inFlight.get(project.id) ?? 0;
  if (running >= INSPECT_NOW_PER_PROJECT) {
    throw new DomainError("RATE_LIMITED", `At most ${INSPECT_NOW_PER_PROJECT} inspections run at once per project; try again in a moment`, { retryAfterSeconds: 5 });
  }
  inFlight.set(project.id, running + 1);
  try {
    const outcome = await audit(row.url);
    const engines = await connectedEngines(ctx, project.id);
    const writtenAt = now();
    const { applied, balanceAfter } = await withTransaction(ctx, async (ctx) => {
      // Outcome first, debit second: the order a sitemap sync takes its locks in (stats row, then organization).
      const applied = await applyAuditOutcomes(ctx, { ...project, projectId: project.id, engines }, [{ trackedUrlId: row.id, outcome, source: "inspect_now" }], writtenAt);
      const balanceAfter = await debitCredits(ctx, {
        organizationId: project.organizationId, amount: 1, kind: "inspection", reference: row.id,
        metadata: { projectId: project.id, source: "inspect_now" }, actorUserId: ctx.actor.type === "user" ? ctx.actor.userId : null,
      });
      return { applied, balanceAfter };
    });
    await notifyIfCreditsLow(project.organizationId, balanceAfter + 1, balanceAfter);
    if (applied.changedForIndexNow) await requestProjectSubmission(project.id, "audit_changed");
    // A burst of Inspect now on many URLs is a window too: its field changes may make a site change.
    if (applied.fieldChanges) {
      await detectSiteChanges(ctx, project.id, { since: new Date(writtenAt.getTime() - 1), now: writtenAt })
        .catch((e: unknown) => console.error(`site changes of project ${project.id} not looked for:`, e instanceof Error ? e.message : e));
    }
    // The connected engines are asked now too, for the same credit; their failure never fails the inspection,
    // and a check the quota defers stays owed (first in line after never-asked URLs) for the backlog sync.
    if (engines.engineA || engines.engineB) await observeEngines(ctx, project.id, [{ id: row.id, url: row.url }], { source: "inspect_now", now })
      .catch((e: unknown) => logEngineWarning(`Engine observation after inspect-now failed: ${e instanceof Error ? e.message : "unknown error"}`));
  } finally {
    const left = (inFlight.get(project.id) ?? 1) - 1;
    if (left > 0) inFlight.set(project.id, left);
    else inFlight.delete(project.id);
  }
  return getUrl(ctx, projectId, urlId);
}
