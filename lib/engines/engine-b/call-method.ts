import { callUpstream } from "../http";
import { logEngineWarning } from "../log";
import type { NotOk } from "../outcome";
import { redactUrl, scrub } from "../redact";
import { methodUrl } from "./config";
import { errorBody } from "./schemas";

const THROTTLE_DEFAULT_MS = 60_000;
const INVALID_API_KEY = 3;
const THROTTLE_CODES = new Set([4, 5]); // ThrottleUser, ThrottleHost

export type CallOptions = { now?: Date; timeoutMs?: number };

/**
 * GETs one method with the key in the `apikey` query parameter (the documented way) and unwraps
 * {"d": ...}. A bad key is `revoked`; throttling (400 ThrottleUser/ThrottleHost, or 429) is `quota`
 * ("try later", never "not indexed"). The key never reaches a message: URLs are redacted, text scrubbed.
 */
export async function callMethod(
  method: string, apiKey: string, params: Record<string, string>, options: CallOptions = {},
): Promise<{ kind: "ok"; d: unknown } | NotOk> {
  const now = options.now ?? new Date();
  const url = methodUrl(method);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set("apikey", apiKey);
  const what = `Bing Webmaster Tools ${method}`;

  const answer = await callUpstream({ url: url.toString(), method: "GET", timeoutMs: options.timeoutMs }, now);
  if (answer.kind === "failure") return { kind: "transient", code: answer.code, message: `${what}: ${answer.message}` };
  const status = answer.status;

  if (status >= 200 && status < 300) {
    const json = answer.json;
    if (json !== null && typeof json === "object" && !Array.isArray(json) && Object.hasOwn(json, "d")) return { kind: "ok", d: (json as { d: unknown }).d };
    const message = `${what}: the answer is not the documented {"d": ...} envelope (HTTP ${status})`;
    logEngineWarning(`${message} for ${redactUrl(url.toString())}`);
    return { kind: "transient", code: "malformed_answer", message, status };
  }

  const err = errorBody.safeParse(answer.json);
  const errorCode = err.success ? err.data.ErrorCode : undefined;
  const upstream = scrub(err.success && err.data.Message ? err.data.Message : answer.text.slice(0, 200), [apiKey]);
  const message = `${what}: HTTP ${status}${errorCode !== undefined ? ` ErrorCode ${errorCode}` : ""}${upstream ? ` (${upstream})` : ""}`;

  const throttled = status === 429 || (status === 400 && (THROTTLE_CODES.has(errorCode ?? -1) || /throttle/i.test(upstream)));
  if (throttled) {
    return { kind: "quota", scope: "throttle", retryAt: new Date(now.getTime() + (answer.retryAfterMs ?? THROTTLE_DEFAULT_MS)), message };
  }
  const badKey = status === 401 || status === 403 || (status === 400 && (errorCode === INVALID_API_KEY || /invalidapikey/i.test(upstream)));
  if (badKey) return { kind: "revoked", code: "bad_key", message, status };
  if (status >= 500) return { kind: "transient", code: "server_error", message, status, retryAfterMs: answer.retryAfterMs ?? undefined };
  if (status === 404) return { kind: "invalid", code: "not_found", message, status };
  if (status >= 400) return { kind: "invalid", code: "bad_request", message, status };
  logEngineWarning(`${message} for ${redactUrl(url.toString())}`);
  return { kind: "transient", code: "unexpected_status", message, status };
}
