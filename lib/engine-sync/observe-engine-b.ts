import { db } from "@/lib/db";
import { openEngineBKey } from "@/lib/connections/secrets";
import { getCrawlIssues, getUrlInfo, mapUrlInfoToEngineBState } from "@/lib/engines/engine-b";
import type { OrgCtx } from "@/lib/core/context";
import { CONSECUTIVE_FAILURES_STOP } from "./config";
import { deferredRun, newRun, type EngineRun, type EngineSyncUrl } from "./observation";

/**
 * Asks engine B for the URL info of `urls` on the project's site, read together with the site's crawl
 * issues. Throttling stops the run (the rest deferred); a refused key is recorded as the connection's error.
 */
export async function observeEngineB(
  ctx: OrgCtx, projectId: string, conn: { box: string; siteUrl: string }, urls: EngineSyncUrl[], source: string, clock: () => Date,
): Promise<EngineRun> {
  const run = newRun();
  const { report, observations, settled } = run;
  let apiKey: string;
  try { apiKey = openEngineBKey(projectId, conn.box); } catch {
    return deferredRun("not_configured", urls.length);
  }
  let failures = 0;
  const crawlIssues = await crawlIssuesByUrl(apiKey, conn.siteUrl, clock());
  for (const u of urls) {
    if (report.stopped) { report.deferred++; continue; }
    const now = clock();
    const res = await getUrlInfo(apiKey, conn.siteUrl, u.url, { now });
    if (res.kind === "ok" || res.kind === "invalid") settled.push(u.id);
    else if (res.kind === "transient") report.unsettled.push(u.id);
    if (res.kind === "ok") {
      failures = 0;
      const obs = mapUrlInfoToEngineBState(res.value.info, crawlIssues?.get(sameUrl(u.url)) ?? (crawlIssues ? [] : null));
      if (!obs.definitive) { report.inconclusive++; continue; }
      report.observed++;
      observations.push({ trackedUrlId: u.id, kind: "engineB", state: obs.state, source: u.source ?? source, record: { state: obs.state, decidedBy: obs.decidedBy, ...obs.raw } });
      continue;
    }
    if (res.kind === "quota") { report.stopped = "throttled"; report.retryAt = res.retryAt; report.deferred++; continue; }
    if (res.kind === "revoked") {
      report.stopped = "revoked";
      report.deferred++;
      await db.project.updateMany({ where: { id: projectId, organizationId: ctx.org.id }, data: { engineBLastError: res.message } });
      continue;
    }
    report.failed++;
    if (++failures >= CONSECUTIVE_FAILURES_STOP) report.stopped = "unavailable";
  }
  return run;
}

const sameUrl = (url: string) => { try { return new URL(url).href; } catch { return url; } };

/**
 * The site's crawl issues by URL, asked once per run (one call for the whole site): an issue other than
 * None or SeoIssues keeps a URL out of results. Null when the call failed: URL info alone decides then.
 */
async function crawlIssuesByUrl(apiKey: string, siteUrl: string, now: Date): Promise<Map<string, string[]> | null> {
  const res = await getCrawlIssues(apiKey, siteUrl, { now });
  if (res.kind !== "ok") return null;
  return new Map(res.value.issues.map((i) => [sameUrl(i.url), i.issueTypes]));
}
