import type { EngineOutcome } from "../outcome";
import { tokenRequest, type TokenGrant } from "./token-request";

/**
 * A fresh access token from the stored refresh token. `revoked` (invalid_grant) means the grant is
 * gone: delete it and stop calling; only a new consent brings it back.
 */
export async function refreshAccessToken(input: {
  clientId: string; clientSecret: string; refreshToken: string; now?: Date; timeoutMs?: number;
}): Promise<EngineOutcome<TokenGrant>> {
  return tokenRequest("token refresh", {
    grant_type: "refresh_token",
    refresh_token: input.refreshToken,
    client_id: input.clientId,
    client_secret: input.clientSecret,
  }, [input.clientSecret, input.refreshToken], input.now ?? new Date(), input.timeoutMs);
}
