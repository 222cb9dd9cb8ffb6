import type { InspectProjectOptions, ProjectReport } from "./inspect-planned-project";
import { inspectPlannedProject } from "./inspect-planned-project";
import type { InspectionPlan } from "./plan-inspections";

/** What one scheduler tick did (STYLE.md §10). */
export interface TickReport {
  projects: number;
  inspected: number;
  charged: number;
  deferred: number;
  failed: number;
  skippedNoCredits: number;
}

export function tickBudget(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.INSPECTIONS_PER_TICK);
  return Number.isInteger(n) && n > 0 ? n : 5000;
}

/** Projects inspected at once in a tick; each one's host keeps its own politeness limits. */
export const PROJECT_CONCURRENCY = 8;
/** A tick claims no new batch after this long, so it ends before the next one (every 5 minutes) is due. */
export const TICK_CLAIM_WINDOW_MS = 4 * 60_000;

export function summarizeTick(plan: InspectionPlan, reports: ProjectReport[]): TickReport {
  const sum = (k: keyof ProjectReport) => reports.reduce((s, r) => s + r[k], 0);
  return {
    projects: plan.projects.length,
    inspected: sum("inspected"),
    charged: sum("charged"),
    deferred: plan.deferred,
    failed: sum("failed"),
    skippedNoCredits: plan.skippedNoCredits + sum("skippedNoCredits"),
  };
}

/**
 * Runs `work` for every project, PROJECT_CONCURRENCY at a time (the Inngest functions pass a step per
 * project: inspections, the engine backlog; tests and benchmarks call the verbs directly).
 */
export async function forEachPlanned<P, R>(projects: P[], work: (p: P) => Promise<R>): Promise<R[]> {
  const reports: R[] = [];
  for (let i = 0; i < projects.length; i += PROJECT_CONCURRENCY) {
    reports.push(...(await Promise.all(projects.slice(i, i + PROJECT_CONCURRENCY).map(work))));
  }
  return reports;
}

export type { InspectProjectOptions };
export { inspectPlannedProject };
