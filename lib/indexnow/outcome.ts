import type { SubmissionStatus } from "@/lib/db";
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, RETRY_AFTER_MAX_MS } from "./limits";

export type BatchOutcome = {
  status: SubmissionStatus;
  /** The URLs went out: their pending mark clears and lastIndexNowSubmittedAt is set. */
  delivered: boolean;
  /** The key was refused (403): raises indexnow_key_invalid; the URLs stay pending for the fixed key. */
  keyInvalid: boolean;
  /**
   * The batch's URLs leave the backlog (until they change again): delivered, or refused as they are
   * (400/422: sending them again would be refused again). 403, 429, 5xx and no answer keep them, so an
   * outage or a key being fixed never loses a URL, and the project backs off instead.
   */
  leavesBacklog: boolean;
};

/**
 * The protocol's answers: 200 accepted; 202 submitted (key validation pending); 400 bad request and
 * 422 (URLs off the host, or a key not matching the schema) rejected; 403 key not valid, rejected;
 * 429 too many requests and anything else (5xx, network error, timeout) an error, retried later.
 */
export function outcomeOf(responseCode: number | null): BatchOutcome {
  if (responseCode === 202) return { status: "submitted", delivered: true, keyInvalid: false, leavesBacklog: true };
  if (responseCode !== null && responseCode >= 200 && responseCode < 300) return { status: "accepted", delivered: true, keyInvalid: false, leavesBacklog: true };
  if (responseCode === 403) return { status: "rejected", delivered: false, keyInvalid: true, leavesBacklog: false };
  if (responseCode === 400 || responseCode === 422) return { status: "rejected", delivered: false, keyInvalid: false, leavesBacklog: true };
  return { status: "error", delivered: false, keyInvalid: false, leavesBacklog: false };
}

/** Delay before the project's next batch after `failures` consecutive failed ones; Retry-After is honoured when longer. */
export function backoffMs(failures: number, retryAfterMs: number | null): number {
  const exp = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failures - 1, 20)), BACKOFF_MAX_MS);
  return Math.max(exp, Math.min(retryAfterMs ?? 0, RETRY_AFTER_MAX_MS));
}

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
