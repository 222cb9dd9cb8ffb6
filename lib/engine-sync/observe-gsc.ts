import type { OrgCtx } from "@/lib/core/context";
import { withTransaction } from "@/lib/db";
import { exhaustDay, propertyKey, releaseInspection, reserveInspection } from "@/lib/connections/quota-store";
import { markGscRevoked } from "@/lib/connections/mark-gsc-revoked";
import { openGscRefreshToken } from "@/lib/connections/secrets";
import { inspectUrl, mapGscInspection, nextMinute } from "@/lib/engines/gsc";
import { nextPacificMidnight } from "@/lib/engines/pacific-time";
import { logEngineWarning } from "@/lib/engines/log";
import { forgetAccessToken, gscAccessToken } from "@/lib/connections/gsc-access-token";
import { CONSECUTIVE_FAILURES_STOP, gscOAuthCredentials } from "./config";
import { deferredRun, newRun, type EngineRun, type EngineStop, type EngineSyncUrl } from "./observation";
import { coveringProperties } from "@/lib/connections/gsc-properties";

/**
 * Inspects `urls` through the project's gsc properties (the main one and the pooled URL-prefix ones): each
 * URL through the most specific property that covers it and has quota left, one reservation of that
 * property's count per call. A 429 or a spent count takes that property out of the run; once every property
 * is out the run stops (the rest deferred). A dead grant is marked revoked and stops it too.
 */
export async function observeGsc(
  ctx: OrgCtx, projectId: string, conn: { box: string; properties: readonly string[] }, urls: EngineSyncUrl[], source: string, clock: () => Date,
): Promise<EngineRun> {
  const run = newRun();
  const { report, observations, settled } = run;
  const credentials = gscOAuthCredentials();
  if (!credentials) return deferredRun("not_configured", urls.length);
  // Properties out of quota (or of reach) for the rest of this run, with when they have room again.
  const spent = new Map<string, { scope: "day" | "minute" | "forbidden"; retryAt: Date | null }>();
  // A grant sealed under another ENCRYPTION_KEY cannot be opened: the connection is unusable until it is made
  // again; the URLs stay owed and the other projects go on.
  let refreshToken: string;
  try { refreshToken = openGscRefreshToken(projectId, conn.box); } catch {
    logEngineWarning(`The gsc grant of project ${projectId} cannot be decrypted (was ENCRYPTION_KEY changed?); connect gsc again`);
    return deferredRun("not_configured", urls.length);
  }
  const token = (fresh = false) => gscAccessToken({
    projectId, box: conn.box, refreshToken: () => refreshToken, ...credentials, now: clock(), fresh,
  });

  let access: string | null = null;
  let failures = 0;
  const stop = (stopped: EngineStop, retryAt: Date | null) => { report.stopped = stopped; report.retryAt = retryAt; };
  /** Once no property has quota left (or can be reached), the run stops: on the minute when one has room within it. */
  const stopWhenAllSpent = () => {
    if (conn.properties.some((p) => !spent.has(p))) return;
    const out = [...spent.values()];
    const minute = out.filter((o) => o.scope === "minute" && o.retryAt).sort((a, b) => a.retryAt!.getTime() - b.retryAt!.getTime())[0];
    if (minute) stop("quota_minute", minute.retryAt);
    else if (out.some((o) => o.scope === "day")) stop("quota_day", out.find((o) => o.scope === "day")!.retryAt);
    else stop("forbidden", null);
  };

  for (const u of urls) {
    if (report.stopped) { report.deferred++; continue; }
    if (!access) {
      const t = await token();
      if (t.kind !== "ok") {
        if (t.kind === "revoked") await revoke(ctx, projectId, clock());
        else logEngineWarning(t.message);
        stop(t.kind === "revoked" ? "revoked" : "unavailable", null);
        report.deferred++;
        continue;
      }
      access = t.token;
    }
    const now = clock();
    const covering = coveringProperties(u.url, conn.properties);
    if (!covering.length) { settled.push(u.id); report.failed++; continue; } // no property can inspect it: never owed
    // The most specific covering property with quota left (pooled properties each bring their own quota).
    let siteUrl: string | null = null;
    for (const candidate of covering.filter((c) => !spent.has(c))) {
      const reservation = await reserveInspection(propertyKey(candidate), now);
      if (reservation.allowed) { siteUrl = candidate; break; }
      spent.set(candidate, { scope: reservation.scope, retryAt: reservation.scope === "day" ? nextPacificMidnight(now) : nextMinute(now) });
    }
    if (!siteUrl) {
      report.deferred++;
      stopWhenAllSpent();
      continue;
    }
    const key = propertyKey(siteUrl);
    let res = await inspectUrl({ accessToken: access, siteUrl, inspectionUrl: u.url, now });
    if (res.kind === "transient" && res.code === "unauthorized") {
      // The cached token was refused: one fresh refresh tells a dead grant from an expired token.
      forgetAccessToken(projectId);
      const t = await token(true);
      if (t.kind === "revoked") {
        await releaseInspection(key, now);
        await revoke(ctx, projectId, clock());
        stop("revoked", null);
        report.deferred++;
        continue;
      }
      if (t.kind === "ok") {
        access = t.token;
        res = await inspectUrl({ accessToken: access, siteUrl, inspectionUrl: u.url, now });
      }
    }
    // Answered, or refused for good: no longer owed. Quota, outages and a lost property access keep it owed.
    if (res.kind === "ok" || (res.kind === "invalid" && res.code !== "forbidden")) settled.push(u.id);
    else if (res.kind === "transient") report.unsettled.push(u.id);
    if (res.kind === "ok") {
      failures = 0;
      const obs = mapGscInspection(res.value.indexStatusResult);
      if (!obs.definitive) { report.inconclusive++; continue; }
      report.observed++;
      observations.push({
        trackedUrlId: u.id, kind: "engineA", state: obs.state, source: u.source ?? source,
        record: { state: obs.state, decidedBy: obs.decidedBy, detail: obs.detail, ...obs.raw, inspectionResultLink: res.value.inspectionResultLink },
      });
      continue;
    }
    if (res.kind === "quota") {
      // Refused: gsc did not count it. A daily refusal below our own count means a shared property.
      await releaseInspection(key, now);
      if (res.scope === "day") await exhaustDay(key, now);
      spent.set(siteUrl, { scope: res.scope === "day" ? "day" : "minute", retryAt: res.retryAt });
      report.deferred++;
      stopWhenAllSpent();
      continue;
    }
    if (res.kind === "invalid" && res.code === "outside_property") { await releaseInspection(key, now); report.failed++; continue; }
    if (res.kind === "invalid" && res.code === "forbidden") {
      // The account lost this property: the others may still answer; without any, the run stops.
      spent.set(siteUrl, { scope: "forbidden", retryAt: null });
      report.failed++;
      stopWhenAllSpent();
      continue;
    }
    report.failed++;
    logEngineWarning(res.message);
    if (++failures >= CONSECUTIVE_FAILURES_STOP) stop("unavailable", null);
  }
  return run;
}

async function revoke(ctx: OrgCtx, projectId: string, now: Date) {
  forgetAccessToken(projectId);
  await withTransaction(ctx, (ctx) => markGscRevoked(ctx, projectId, now));
}
