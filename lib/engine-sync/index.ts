// Engine observations (gsc URL inspection, engine-B URL info) for tracked URLs, under the gsc quota.
export { observeEngines, type ObserveReport } from "./observe-engines";
export type { EngineRunReport, EngineSyncUrl } from "./observation";
export { syncEngineBacklog, listBacklogProjects, type BacklogReport } from "./sync-backlog";
export { dropCause, DROP_CAUSES, type DropCause } from "./drop-cause";
export { planGscDay, listProjectsToPlan, PLANNED_REASONS, type PlannedReason } from "./plan-gsc-day";
export { CHECK_REASONS, CHECK_REASON_PRIORITY, type CheckReason } from "./check-reasons";
