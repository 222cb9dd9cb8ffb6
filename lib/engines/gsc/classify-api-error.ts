import type { UpstreamAnswer, UpstreamFailure } from "../http";
import { logEngineWarning } from "../log";
import type { NotOk } from "../outcome";
import { scrub } from "../redact";
import { apiErrorAnswer } from "./schemas";
import { nextPacificMidnight } from "../pacific-time";

const MINUTE_MS = 60_000;

/** A network failure of a gsc call, as an outcome. */
export function failureOutcome(what: string, failure: UpstreamFailure): NotOk {
  return { kind: "transient", code: failure.code, message: `gsc ${what}: ${failure.message}` };
}

/**
 * A non-2xx answer of the gsc API (site list, URL inspection, Search Analytics) as an outcome. A 429
 * is a quota: per minute when the message says so, otherwise the day, which ends at the next Pacific
 * midnight. `quotaRetryMs` replaces that reading for APIs whose 429 has one documented wait
 * (Search Analytics: 15 minutes, whichever load quota it was).
 */
export function classifyApiError(
  what: string, answer: UpstreamAnswer, now: Date, secrets: readonly string[], options: { quotaRetryMs?: number } = {},
): NotOk {
  const parsed = apiErrorAnswer.safeParse(answer.json);
  const upstream = parsed.success ? scrub(parsed.data.error.message ?? parsed.data.error.status ?? "", secrets) : "";
  const message = `gsc ${what}: HTTP ${answer.status}${upstream ? ` (${upstream})` : ""}`;
  const status = answer.status;

  if (status === 429 && options.quotaRetryMs !== undefined) {
    const retryAt = new Date(now.getTime() + Math.max(options.quotaRetryMs, answer.retryAfterMs ?? 0));
    return { kind: "quota", scope: "minute", retryAt, message };
  }
  if (status === 429) {
    const perMinute = /minute/i.test(upstream);
    const retryAt = perMinute ? new Date(now.getTime() + Math.max(MINUTE_MS, answer.retryAfterMs ?? 0)) : nextPacificMidnight(now);
    return { kind: "quota", scope: perMinute ? "minute" : "day", retryAt, message };
  }
  // A 401 with a freshly refreshed token: the next refresh tells whether the grant is gone.
  if (status === 401) return { kind: "transient", code: "unauthorized", message, status };
  if (status === 403) return { kind: "invalid", code: "forbidden", message, status };
  if (status === 404) return { kind: "invalid", code: "not_found", message, status };
  if (status === 400) return { kind: "invalid", code: "bad_request", message, status };
  if (status >= 500) return { kind: "transient", code: "server_error", message, status, retryAfterMs: answer.retryAfterMs ?? undefined };
  logEngineWarning(message);
  return { kind: "transient", code: "unexpected_status", message, status };
}

/** A 2xx answer that does not match the documented shape. */
export function malformedOutcome(what: string, status: number): NotOk {
  const message = `gsc ${what}: the answer does not match the documented shape (HTTP ${status})`;
  logEngineWarning(message);
  return { kind: "transient", code: "malformed_answer", message, status };
}
