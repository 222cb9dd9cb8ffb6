import type { EngineOutcome } from "../outcome";
import { callMethod, type CallOptions } from "./call-method";
import { malformed } from "./malformed";
import { userSites } from "./schemas";

export type EngineBSite = { url: string; verified: boolean };

/** The key owner's sites (one key serves all of them); only `verified` ones can be used. */
export async function listSites(apiKey: string, options: CallOptions = {}): Promise<EngineOutcome<{ sites: EngineBSite[] }>> {
  const answer = await callMethod("GetUserSites", apiKey, {}, options);
  if (answer.kind !== "ok") return answer;
  const parsed = userSites.safeParse(answer.d);
  if (!parsed.success) return malformed("GetUserSites");
  return { kind: "ok", value: { sites: parsed.data.map((s) => ({ url: s.Url, verified: s.IsVerified === true })) } };
}
