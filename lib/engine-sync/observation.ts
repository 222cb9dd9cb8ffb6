import type { EngineName } from "@/lib/connections/connected-engines";
import type { EngineAState } from "@/lib/engines/gsc";
import type { EngineBState } from "@/lib/engines/engine-b";

// What one engine's run over a project's URLs gives back: the definitive answers to store, the URLs
// that no longer owe the engine a check, and a report of what happened.

export type EngineSyncUrl = { id: string; url: string; source?: string };
export type EngineStop = "not_connected" | "not_configured" | "quota_day" | "quota_minute" | "throttled" | "revoked" | "forbidden" | "unavailable";

export type EngineRunReport = {
  /** Definitive answers stored. */
  observed: number;
  /** Answers that said nothing usable (the last state kept). */
  inconclusive: number;
  /** URLs not asked this time (quota, throttling, a stop): asked again at their next inspection. */
  deferred: number;
  failed: number;
  /** URLs whose call failed for a passing reason (network, 5xx): still owed, tried again on a later run. */
  unsettled: string[];
  stopped: EngineStop | null;
  retryAt: Date | null;
};

/** One definitive answer of an engine about one tracked URL; `record` becomes its url_history state. */
export type Observation = {
  trackedUrlId: string; kind: EngineName; state: EngineAState | EngineBState; source: string;
  record: Record<string, unknown>;
  /** When the state was true, if not now: Search Analytics evidence is about the day of the impressions. */
  observedAt?: Date;
  /** What said it, for engine A (default an inspection). */
  stateSource?: "inspection" | "search_analytics";
};

export type EngineRun = {
  report: EngineRunReport;
  observations: Observation[];
  /** The URLs the engine answered (or refused for good): they owe it no check any more. */
  settled: string[];
};

export const emptyReport = (stopped: EngineStop | null = null): EngineRunReport => ({ observed: 0, inconclusive: 0, deferred: 0, failed: 0, unsettled: [], stopped, retryAt: null });

/** A run before its first call (or one never started: not asked, not connected). */
export const newRun = (stopped: EngineStop | null = null): EngineRun => ({ report: emptyReport(stopped), observations: [], settled: [] });

/** A run that asked nothing: every URL stays owed. */
export const deferredRun = (stopped: EngineStop, urls: number): EngineRun => ({ ...newRun(stopped), report: { ...emptyReport(stopped), deferred: urls } });
