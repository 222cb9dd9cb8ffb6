import { systemCtx } from "@/lib/core/context";
import { db, withTransaction } from "@/lib/db";
import type { AuditOutcome } from "@/lib/audit/types";
import { connectedEngines } from "@/lib/connections/connected-engines";
import { detectSiteChanges, type DetectReport } from "@/lib/site-watch/site-changes";
import { resolveSentinelUrls, writeSentinelStates, type SentinelState } from "@/lib/site-watch/sentinels";
import { applyAuditOutcomes, type InspectionResult } from "./apply-audit-outcomes";
import { defaultAuditRunner } from "./default-runner";
import type { AuditRunnerLike } from "./inspect-planned-project";

export interface SentinelRunReport {
  audited: number;
  changed: number;
  errors: number;
  siteChanges: DetectReport;
}

/**
 * Audits a project's sentinel pages (lib/site-watch/sentinels.ts) now, free: tracked ones are written like
 * any audit (source `sentinel`, their field history included); then the window is searched for site changes.
 */
export async function runSentinels(p: { organizationId: string; projectId: string }, opts: { runner?: AuditRunnerLike; now?: () => Date } = {}): Promise<SentinelRunReport | null> {
  const now = opts.now ?? (() => new Date());
  const project = await db.project.findFirst({
    where: { id: p.projectId, organizationId: p.organizationId, deletedAt: null },
    select: { id: true, domain: true, automatedInspectionsEnabled: true, inspectionCadence: true },
  });
  if (!project) return null;
  const started = now();
  const urls = await resolveSentinelUrls({ ...p, domain: project.domain });
  const tracked = await db.trackedUrl.findMany({ where: { projectId: p.projectId, url: { in: urls } }, select: { id: true, url: true } });
  const idOf = new Map(tracked.map((t) => [t.url, t.id]));
  const outcomes = new Map<string, AuditOutcome>();
  await (opts.runner ?? defaultAuditRunner()).run(urls, (o) => {
    outcomes.set(o.url, o);
  });
  const results: InspectionResult[] = [];
  for (const [url, outcome] of outcomes) {
    const id = idOf.get(url);
    if (id) results.push({ trackedUrlId: id, outcome, source: "sentinel" });
  }
  const at = now();
  const ctx = systemCtx("sentinels", p.organizationId);
  if (results.length) {
    const engines = await connectedEngines(ctx, p.projectId);
    const target = { ...p, automatedInspectionsEnabled: project.automatedInspectionsEnabled, inspectionCadence: project.inspectionCadence, engines };
    await withTransaction(ctx, (ctx) => applyAuditOutcomes(ctx, target, results, at));
  }
  const changedIds = new Set(results.length ? (await db.urlFieldChange.findMany({
    where: { projectId: p.projectId, observedAt: at, source: "sentinel", trackedUrlId: { in: results.map((r) => r.trackedUrlId) } }, select: { trackedUrlId: true },
  })).map((c) => c.trackedUrlId) : []);
  const states: SentinelState[] = urls.map((url) => {
    const o = outcomes.get(url);
    const id = idOf.get(url) ?? null;
    const error = !o || (o.httpStatus ?? 0) >= 400 || (o.fetched && o.httpStatus == null) || o.healthError != null;
    return { url, trackedUrlId: id, lastAuditAt: at, state: error ? "error" : id && changedIds.has(id) ? "changed" : "ok", httpStatus: o?.httpStatus ?? null, detail: o?.healthError ?? null };
  });
  await writeSentinelStates(p, urls, states, at);
  const siteChanges = await detectSiteChanges(ctx, p.projectId, { since: new Date(started.getTime() - 1), now: at, source: "sentinel" });
  return {
    audited: outcomes.size, changed: states.filter((s) => s.state === "changed").length, errors: states.filter((s) => s.state === "error").length, siteChanges,
  };
}
