import { callUpstream } from "../http";
import type { EngineOutcome } from "../outcome";
import { scrub } from "../redact";
import { Secret } from "../secret";
import { failureOutcome, malformedOutcome } from "./classify-api-error";
import { tokenEndpoint } from "./config";
import { oauthErrorAnswer, tokenAnswer } from "./schemas";

export type TokenGrant = {
  accessToken: Secret;
  /** Present on a code exchange with offline access; usually absent on a refresh. */
  refreshToken: Secret | null;
  expiresAt: Date;
  /** The granted scopes; null when the answer did not say. */
  scopes: string[] | null;
};

type Params = Record<string, string>;

/**
 * POSTs one form to the token endpoint. `invalid_grant` means a dead refresh token (revoked) on a
 * refresh, and a bad, expired or reused code on an exchange (invalid: ask for consent again).
 */
export async function tokenRequest(
  what: "code exchange" | "token refresh", params: Params, secrets: string[], now: Date, timeoutMs?: number,
): Promise<EngineOutcome<TokenGrant>> {
  const answer = await callUpstream({
    url: tokenEndpoint(), method: "POST", timeoutMs,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString(),
  }, now);
  if (answer.kind === "failure") return failureOutcome(what, answer);

  if (answer.status >= 200 && answer.status < 300) {
    const parsed = tokenAnswer.safeParse(answer.json);
    if (!parsed.success) return malformedOutcome(what, answer.status);
    const t = parsed.data;
    return {
      kind: "ok",
      value: {
        accessToken: new Secret(t.access_token),
        refreshToken: t.refresh_token ? new Secret(t.refresh_token) : null,
        expiresAt: new Date(now.getTime() + (t.expires_in ?? 3600) * 1000),
        scopes: t.scope === undefined ? null : t.scope.split(/\s+/).filter(Boolean),
      },
    };
  }

  const oauth = oauthErrorAnswer.safeParse(answer.json);
  const error = oauth.success ? oauth.data.error : null;
  const detail = oauth.success ? scrub([error, oauth.data.error_description].filter(Boolean).join(": "), secrets) : "";
  const message = `gsc ${what}: HTTP ${answer.status}${detail ? ` (${detail})` : ""}`;
  const status = answer.status;

  if (error === "invalid_grant") {
    return what === "token refresh"
      ? { kind: "revoked", code: "invalid_grant", message, status }
      : { kind: "invalid", code: "invalid_code", message, status };
  }
  if (error === "invalid_client" || error === "unauthorized_client") return { kind: "invalid", code: "client_rejected", message, status };
  if (status >= 500 || status === 429) return { kind: "transient", code: "server_error", message, status, retryAfterMs: answer.retryAfterMs ?? undefined };
  if (status >= 400 && status < 500) return { kind: "invalid", code: "bad_request", message, status };
  return { kind: "transient", code: "unexpected_status", message, status };
}
