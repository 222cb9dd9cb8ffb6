import type { OrgCtx } from "@/lib/core/context";
import { buildAuthorizeUrl } from "@/lib/engines/gsc";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { gscClientOrThrow } from "./config";
import { generateState, issueState } from "./oauth-state";
import type { OAuthUrlResponse } from "./schemas";

/**
 * Starts a gsc connection: stores the (hashed) state for this project and caller, single use for
 * 10 minutes, and answers the consent page URL. 503 INTEGRATION_NOT_CONFIGURED without an OAuth client.
 */
export async function createGscAuthorization(ctx: OrgCtx, projectId: string, input: { state?: string }, opts: { now?: Date } = {}): Promise<OAuthUrlResponse> {
  const client = gscClientOrThrow();
  const project = await getProjectOrThrow(ctx, projectId);
  const state = input.state ?? generateState();
  await issueState(ctx, { organizationId: ctx.org.id, projectId: project.id }, state, client.redirectUri, opts.now ?? new Date());
  return { authorizeUrl: buildAuthorizeUrl({ clientId: client.clientId, redirectUri: client.redirectUri, state }), state };
}
