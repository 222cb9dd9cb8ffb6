import { systemCtx } from "@/lib/core/context";
import { withTransaction } from "@/lib/db";
import type { AuditOutcome } from "@/lib/audit/types";
import { notifyIfCreditsLow } from "@/lib/credits/credits-low";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";
import { connectedEngines } from "@/lib/connections/connected-engines";
import { applyAuditOutcomes, type InspectionResult } from "./apply-audit-outcomes";
import { claimInspections } from "./claim-inspections";
import type { PlannedProject } from "./plan-inspections";
import { detectSiteChanges } from "@/lib/site-watch/site-changes";

export interface AuditRunnerLike {
  run(urls: string[], onOutcome: (o: AuditOutcome) => Promise<void> | void): Promise<void>;
}

export interface ProjectReport {
  inspected: number;
  charged: number;
  failed: number;
  skippedNoCredits: number;
}

export interface InspectProjectOptions {
  runner: AuditRunnerLike;
  now?: () => Date;
  /** URLs claimed (and paid for) at once. */
  batchSize?: number;
  /** Outcomes written per transaction. */
  writeBatch?: number;
  /** No new batch is claimed after this moment (ms since epoch). */
  deadline?: number;
}

/**
 * Works through one project's allocation for a tick: claim a batch (charged), audit it with the
 * runner's per-host politeness, write outcomes in small transactions as they arrive, repeat. Stops
 * when the allocation is used, nothing is left to claim, the organization is out of credits, or the
 * deadline has passed. A URL whose outcome could not be written keeps its lease and is retried, unpaid, later.
 */
export async function inspectPlannedProject(p: PlannedProject, opts: InspectProjectOptions): Promise<ProjectReport> {
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? 500;
  const report: ProjectReport = { inspected: 0, charged: 0, failed: 0, skippedNoCredits: 0 };
  let remaining = p.allocation;
  let changed = 0;
  let fieldChanges = 0;
  const startedAt = now();
  // Each inspected URL then owes the connected engines a check, taken by the backlog sync by priority.
  const ctx = systemCtx("inspect-planned-project", p.organizationId);
  const target = { ...p, engines: await connectedEngines(ctx, p.projectId) };

  while (remaining > 0 && (opts.deadline === undefined || Date.now() < opts.deadline)) {
    const claim = await claimInspections({ ...p, includeDue: p.automatedInspectionsEnabled }, Math.min(batchSize, remaining), now());
    report.charged += claim.charged;
    report.skippedNoCredits += claim.skippedNoCredits;
    await notifyIfCreditsLow(p.organizationId, claim.balanceBefore, claim.balanceAfter);
    if (!claim.urls.length) break;
    remaining -= claim.urls.length;

    const byUrl = new Map(claim.urls.map((c) => [c.url, c]));
    const writer = batchWriter<InspectionResult>(opts.writeBatch ?? 50, async (results) => {
      const applied = await withTransaction(ctx, (ctx) => applyAuditOutcomes(ctx, target, results, now()));
      report.inspected += applied.applied;
      report.failed += applied.failed;
      changed += applied.changedForIndexNow;
      fieldChanges += applied.fieldChanges;
    });
    await opts.runner.run(claim.urls.map((c) => c.url), (outcome) => {
      const c = byUrl.get(outcome.url);
      if (c) writer.add({ trackedUrlId: c.id, outcome, source: c.source });
    });
    await writer.flush();
    if (claim.skippedNoCredits > 0) break;
  }
  if (changed) await requestProjectSubmission(p.projectId, "audit_changed");
  // The cycle's field changes, with the window's before them: one site change for a template, not a thousand alerts.
  if (fieldChanges) {
    await detectSiteChanges(ctx, p.projectId, { since: new Date(startedAt.getTime() - 1), now: now() })
      .catch((e: unknown) => console.error(`site changes of project ${p.projectId} not looked for:`, e instanceof Error ? e.message : e));
  }
  return report;
}

/** Collects items and writes them `size` at a time, one write at a time, in arrival order. */
function batchWriter<T>(size: number, write: (items: T[]) => Promise<void>) {
  let buffer: T[] = [];
  let chain = Promise.resolve();
  let failure: unknown;
  const drain = () => {
    const items = buffer;
    buffer = [];
    chain = chain.then(() => write(items)).catch((e) => { failure ??= e; });
  };
  return {
    add(item: T) {
      buffer.push(item);
      if (buffer.length >= size) drain();
    },
    async flush() {
      if (buffer.length) drain();
      await chain;
      if (failure) throw failure;
    },
  };
}
