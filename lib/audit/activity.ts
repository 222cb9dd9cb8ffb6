// What the audit engine of this process is doing right now: audits in flight and when the last one ended. The
// renderer reads it to yield to audits by admission (lib/rendering/admission.ts): renders and audits share the
// machine's cores, and a render costs ~300 times an audit's CPU, so the raw audit keeps its rate only if renders
// make room for it. Per process: audits in another process (or machine) are not seen.

export interface AuditActivity {
  /** Audits started and not yet finished. */
  inFlight: number;
  /** performance.now() when the last audit finished (or started, while some are in flight); -Infinity before any. */
  lastActiveAt: number;
}

const activity: AuditActivity = { inFlight: 0, lastActiveAt: -Infinity };

/** A snapshot of this process's audit activity. */
export function auditActivity(): AuditActivity {
  return { ...activity };
}

/** Runs one audit counted as in flight from start to end (whatever its outcome). */
export async function trackAudit<T>(run: () => Promise<T>): Promise<T> {
  activity.inFlight++;
  activity.lastActiveAt = performance.now();
  try {
    return await run();
  } finally {
    activity.inFlight--;
    activity.lastActiveAt = performance.now();
  }
}
