export { auditUrl, type AuditOptions } from "./audit-url";
export { createAuditRunner, type AuditRunner, type AuditRunnerOptions } from "./runner";
export { createRobotsCache, getDefaultRobotsCache, type RobotsCache, type RobotsCacheOptions, type RobotsEntry } from "./robots-cache";
export { detectWaf, type WafAnswer } from "./waf";
export * from "./types";
