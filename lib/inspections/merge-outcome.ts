import type { HealthState, Indexability, InspectionCadence } from "@/lib/db";
import type { AuditOutcome } from "@/lib/audit/types";
import { CADENCE_MS } from "@/lib/projects/set-automation";
import type { AuditState } from "./schemas";

/** The audit columns of a tracked URL as stored before an audit. */
export interface StoredAudit {
  id: string;
  healthState: HealthState;
  httpStatus: number | null;
  redirectHops: number | null;
  redirectTarget: string | null;
  healthError: string | null;
  indexability: Indexability;
  canonicalUrl: string | null;
  metaRobots: string | null;
  xRobotsTag: string | null;
  lastAuditAt: Date | null;
  consecutiveInspectionFailures: number;
  nextInspectionAt: Date | null;
}

const COMPARED = ["healthState", "httpStatus", "redirectHops", "redirectTarget", "healthError", "indexability", "canonicalUrl", "metaRobots", "xRobotsTag"] as const;
type Compared = Pick<StoredAudit, (typeof COMPARED)[number]>;

const keep = <T>(next: T | undefined, previous: T): T => (next === undefined ? previous : next);

/** The stored columns after an audit: what the audit could not tell (`undefined`) keeps its stored value. */
export function mergeOutcome(previous: StoredAudit, o: AuditOutcome): Compared {
  return {
    healthState: keep(o.healthState, previous.healthState),
    httpStatus: keep(o.httpStatus, previous.httpStatus),
    redirectHops: keep(o.redirectHops, previous.redirectHops),
    redirectTarget: keep(o.redirectTarget, previous.redirectTarget),
    healthError: keep(o.healthError, previous.healthError),
    indexability: o.indexability,
    canonicalUrl: keep(o.canonicalUrl, previous.canonicalUrl),
    metaRobots: keep(o.metaRobots, previous.metaRobots),
    xRobotsTag: keep(o.xRobotsTag, previous.xRobotsTag),
  };
}

export function changedFields(previous: StoredAudit, next: Compared): string[] {
  if (!previous.lastAuditAt) return [];
  return COMPARED.filter((k) => previous[k] !== next[k]);
}

const statusClass = (s: number | null) => (s === null ? null : Math.floor(s / 100));

/**
 * A change worth telling IndexNow about: what the page says of itself (indexability, canonical),
 * where it leads, or whether it answers at all. A first audit is not a change: the URL was sent when admitted.
 */
export function isMaterialChange(previous: StoredAudit, next: Compared): boolean {
  if (!previous.lastAuditAt) return false;
  return previous.indexability !== next.indexability || previous.canonicalUrl !== next.canonicalUrl
    || previous.redirectTarget !== next.redirectTarget || statusClass(previous.httpStatus) !== statusClass(next.httpStatus);
}

/**
 * Why an inspection could not observe the page, or null when it did (a 404 or a 503 is an observation,
 * not a failure): no answer at all (DNS, connection, TLS, timeout, refused by the fetcher) or no readable robots.txt.
 */
export function inspectionFailureCode(o: AuditOutcome): string | null {
  if (o.healthState === "timeout") return "timeout";
  if (!o.fetched && o.robots && (o.robots.status === "unreachable" || o.robots.status >= 500 || o.robots.status === 429)) return "robots_unavailable";
  const prefix = /^(dns|tls|connection|blocked):/.exec(o.healthError ?? "");
  if (prefix && o.httpStatus == null) return prefix[1];
  return null;
}

export const FIRST_RETRY_MS = 15 * 60_000;

/**
 * When to inspect again: one cadence later with ±5 % jitter (so URLs enabled together drift apart), or
 * after a failure 15 min doubling per consecutive failure, never later than one cadence.
 */
export function nextInspectionAt(now: Date, cadence: InspectionCadence, failures: number, random: () => number = Math.random): Date {
  const cadenceMs = CADENCE_MS[cadence];
  if (failures > 0) return new Date(now.getTime() + Math.min(cadenceMs, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30)));
  return new Date(now.getTime() + Math.round(cadenceMs * (0.95 + 0.1 * random())));
}

export function auditState(o: AuditOutcome, merged: Compared): AuditState {
  return {
    ...merged,
    fetched: o.fetched,
    hops: o.hops,
    robots: o.robots,
    wafVendor: o.wafVendor,
    detected: o.detected,
  };
}
