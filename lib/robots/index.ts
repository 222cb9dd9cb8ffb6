export { parseRobots, productToken, ROBOTS_MAX_BYTES } from "./parse";
export type { ParseRobotsOptions, RobotsGroup, RobotsRule, RobotsTxt } from "./parse";
export {
  crawlDelayFor,
  decideFor,
  groupsForAgent,
  GSC_ROBOTS_AGENT,
  ENGINE_B_ROBOTS_AGENT,
  isAllowed,
  robotsDecisionForFetch,
  robotsPath,
  ROBOTS_AGENTS,
  rulesForAgent,
  SERVICE_ROBOTS_AGENT,
} from "./decide";
export type { RobotsAgentKey, RobotsDecision } from "./decide";
export { normalizePercentEncoding } from "./normalize";
export { patternMatches } from "./match";
export { explainRobots, EXPLAIN_REASONS } from "./explain";
export type { ExplainReason, RobotsExplanation, RobotsGroupRef, RobotsRuleRef } from "./explain";
export { crawlerToken } from "./user-agent";
export { decidingStatus, fetchRobotsFile, robotsOfFile } from "./fetch-robots-file";
export type { RobotsFile } from "./fetch-robots-file";
