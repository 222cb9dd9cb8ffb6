import { callUpstream } from "../http";
import type { EngineOutcome } from "../outcome";
import { classifyApiError, failureOutcome, malformedOutcome } from "./classify-api-error";
import { apiUrl } from "./config";
import { sitesAnswer } from "./schemas";

export type GscSite = {
  siteUrl: string;
  permissionLevel: string;
  /** Owner, full or restricted user; `siteUnverifiedUser` (or an unknown level) cannot be used. */
  verified: boolean;
};

const VERIFIED_LEVELS = new Set(["siteOwner", "siteFullUser", "siteRestrictedUser"]);

/** The properties the grant's user can see. No property at all is an empty list, not an error. */
export async function listSites(input: { accessToken: string; now?: Date; timeoutMs?: number }): Promise<EngineOutcome<{ sites: GscSite[] }>> {
  const now = input.now ?? new Date();
  const answer = await callUpstream({
    url: apiUrl("/webmasters/v3/sites"), method: "GET", timeoutMs: input.timeoutMs,
    headers: { authorization: `Bearer ${input.accessToken}` },
  }, now);
  if (answer.kind === "failure") return failureOutcome("site list", answer);
  if (answer.status < 200 || answer.status >= 300) return classifyApiError("site list", answer, now, [input.accessToken]);

  const parsed = sitesAnswer.safeParse(answer.json);
  if (!parsed.success) return malformedOutcome("site list", answer.status);
  const sites = (parsed.data.siteEntry ?? []).map((s) => ({
    siteUrl: s.siteUrl, permissionLevel: s.permissionLevel, verified: VERIFIED_LEVELS.has(s.permissionLevel),
  }));
  return { kind: "ok", value: { sites } };
}
