// The renderer yields to audits by admission, not by CPU priority: while the audit engine of this process has work
// in flight, or had within the last RENDERER_AUDIT_QUIET_MS, the pool admits at most RENDERER_BESIDE_AUDITS renders
// at once (default 1) instead of its size. Priorities were tried first (lib/rendering/priority.ts): with the kernel's
// autogroups a thread's nice does not order the browser against the app, and lowering the browser's whole session
// made renders crawl and time out under other load. Admission works wherever the browser runs and never starves a
// render: the admitted one runs at full speed, and its time budget starts only once admitted (browser.ts), so
// waiting here is never a false render_failed. Measured in docs/benchmarks.md, "Rendering, fourth pass".
import { auditActivity, type AuditActivity } from "@/lib/audit/activity";
import { int } from "./config";

export interface AdmissionConfig {
  /** The pool's size: renders at once when no audit runs. */
  poolSize: number;
  /** Renders at once while audits run (at least 1, at most the pool's size). */
  besideAudits: number;
  /** How long after the last audit the pool keeps the lower limit (audits of a run come in waves). */
  quietMs: number;
}

export interface Admission {
  /** Renders that may hold a slot at once now. */
  limit: number;
  /** When the limit may rise without any render ending (ms from now): the pool looks again then; null when it cannot. */
  recheckInMs: number | null;
}

/** The admission policy: a pure function of the configuration, the audits' activity and the time. */
export function admission(config: AdmissionConfig, audits: AuditActivity, now: number): Admission {
  const beside = Math.min(config.poolSize, Math.max(1, config.besideAudits));
  if (beside >= config.poolSize) return { limit: config.poolSize, recheckInMs: null };
  // While audits are in flight the quiet window has not begun; look again a window later.
  if (audits.inFlight > 0) return { limit: beside, recheckInMs: Math.max(1, config.quietMs) };
  const sinceAudit = now - audits.lastActiveAt;
  if (sinceAudit < config.quietMs) return { limit: beside, recheckInMs: Math.max(1, Math.ceil(config.quietMs - sinceAudit)) };
  return { limit: config.poolSize, recheckInMs: null };
}

/** The admission settings from the environment (docs/rendering.md, "Renders beside audits"). */
export function admissionConfig(poolSize: number, env: NodeJS.ProcessEnv = process.env): AdmissionConfig {
  return {
    poolSize,
    besideAudits: int(env.RENDERER_BESIDE_AUDITS, 1, 1, 32),
    quietMs: int(env.RENDERER_AUDIT_QUIET_MS, 3_000, 0, 600_000),
  };
}

export interface RenderSlots {
  /** Resolves once the render may hold a slot: a free one within the admission's limit. First come, first served. */
  acquire(): Promise<void>;
  release(): void;
  load(): { inUse: number; waiting: number };
  /** Stops the timer that looks again at the limit (renders still waiting stay queued). */
  close(): void;
}

/**
 * The pool's slots under the admission policy. A render held back waits in the queue; it is admitted when a render
 * ends or when the limit rises on its own (the audits fell quiet: a timer looks again then).
 */
export function createRenderSlots(config: AdmissionConfig, activity: () => AuditActivity = auditActivity, now: () => number = () => performance.now()): RenderSlots {
  let inUse = 0;
  const waiters: (() => void)[] = [];
  let recheck: NodeJS.Timeout | null = null;

  const limitNow = (): number => {
    const { limit, recheckInMs } = admission(config, activity(), now());
    if (recheckInMs !== null && waiters.length > 0 && !recheck) {
      recheck = setTimeout(() => {
        recheck = null;
        admitWaiting();
      }, recheckInMs);
    }
    return limit;
  };
  function admitWaiting() {
    while (waiters.length > 0 && inUse < limitNow()) {
      inUse++;
      waiters.shift()!();
    }
  }
  return {
    async acquire() {
      if (waiters.length === 0 && inUse < limitNow()) {
        inUse++;
        return;
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        admitWaiting();
      });
    },
    release() {
      inUse--;
      admitWaiting();
    },
    load: () => ({ inUse, waiting: waiters.length }),
    close() {
      if (recheck) clearTimeout(recheck);
      recheck = null;
    },
  };
}
