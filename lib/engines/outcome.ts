// What every engine client call answers. Callers switch on `kind`; nothing here ever carries a
// secret (tokens come back wrapped in `Secret`, messages are our own words or scrubbed upstream text).

export type QuotaScope = "minute" | "day" | "throttle";

export type TransientCode =
  | "network" | "timeout" | "server_error" | "malformed_answer" | "unauthorized" | "unexpected_status";

export type InvalidCode =
  | "bad_request" | "forbidden" | "outside_property" | "invalid_code" | "client_rejected" | "not_found" | "not_configured";

export type EngineOutcome<T> =
  | { kind: "ok"; value: T }
  /** Over an upstream quota or throttled: try again at `retryAt`, never count it as a failure of the URL. */
  | { kind: "quota"; scope: QuotaScope; retryAt: Date; message: string }
  /** The credential is dead (OAuth invalid_grant, a bad or revoked key): stop calling, do not retry. */
  | { kind: "revoked"; code: "invalid_grant" | "bad_key"; message: string; status: number }
  /** Try later: network trouble, a 5xx, or an answer that does not match the documented shape. */
  | { kind: "transient"; code: TransientCode; message: string; status?: number; retryAfterMs?: number }
  /** The request itself was refused (no access to the property, bad argument); retrying will not help. */
  | { kind: "invalid"; code: InvalidCode; message: string; status?: number };

export type NotOk = Exclude<EngineOutcome<never>, { kind: "ok" }>;

export const ok = <T>(value: T): EngineOutcome<T> => ({ kind: "ok", value });
