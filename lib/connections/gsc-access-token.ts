import { refreshAccessToken } from "@/lib/engines/gsc";
import type { NotOk } from "@/lib/engines/outcome";

// Access tokens of gsc, kept in memory per project until shortly before they expire. The key
// includes the sealed refresh token, so a new connection (a new box) never reuses a token of the old one.
const MARGIN_MS = 60_000;
const cache = new Map<string, { box: string; token: string; expiresAt: number }>();

export type TokenResult = { kind: "ok"; token: string } | NotOk;

export async function gscAccessToken(input: {
  projectId: string; box: string; refreshToken: () => string; clientId: string; clientSecret: string; now: Date; fresh?: boolean;
}): Promise<TokenResult> {
  const hit = cache.get(input.projectId);
  if (!input.fresh && hit && hit.box === input.box && hit.expiresAt - MARGIN_MS > input.now.getTime()) return { kind: "ok", token: hit.token };
  cache.delete(input.projectId);
  const grant = await refreshAccessToken({ clientId: input.clientId, clientSecret: input.clientSecret, refreshToken: input.refreshToken(), now: input.now });
  if (grant.kind !== "ok") return grant;
  const token = grant.value.accessToken.reveal();
  cache.set(input.projectId, { box: input.box, token, expiresAt: grant.value.expiresAt.getTime() });
  return { kind: "ok", token };
}

/** Forgets a project's token (a 401 from the API, a revoked grant). */
export function forgetAccessToken(projectId: string): void {
  cache.delete(projectId);
}
