import type { OrgCtx } from "@/lib/core/context";

export type SentinelState = { url: string; lastAuditAt: string | null; state: string };

/**
 * The sentinels' state for GET …/watch. A stub that answers none: sentinels are built beside this (issue 35 part B)
 * and this function is wired to their model when both parts are merged.
 */
export async function listSentinelStates(_ctx: OrgCtx, _projectId: string): Promise<SentinelState[]> {
  return [];
}
