import type { EngineOutcome } from "../outcome";
import { GSC_SCOPE } from "./config";
import { tokenRequest, type TokenGrant } from "./token-request";

export type ExchangedGrant = TokenGrant & {
  /** The user may untick the scope on the consent page: without it the site list and inspection fail. */
  hasGscScope: boolean;
};

/** Trades the authorization code from the consent redirect for tokens (a code works once). */
export async function exchangeCode(input: {
  clientId: string; clientSecret: string; redirectUri: string; code: string; now?: Date; timeoutMs?: number;
}): Promise<EngineOutcome<ExchangedGrant>> {
  const outcome = await tokenRequest("code exchange", {
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: input.clientId,
    client_secret: input.clientSecret,
  }, [input.clientSecret, input.code], input.now ?? new Date(), input.timeoutMs);
  if (outcome.kind !== "ok") return outcome;
  const scopes = outcome.value.scopes;
  // An answer without `scope` says nothing about granular consent: it carries what was asked for.
  const hasGscScope = scopes === null || scopes.includes(GSC_SCOPE) || scopes.includes("https://www.googleapis.com/auth/webmasters");
  return { kind: "ok", value: { ...outcome.value, hasGscScope } };
}
