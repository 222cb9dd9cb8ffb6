export type LogFormat = "ncsa_common" | "ncsa_combined" | "w3c" | "cloudflare_json" | "json_generic";

export const LOG_FORMATS: readonly LogFormat[] = ["ncsa_combined", "ncsa_common", "w3c", "cloudflare_json", "json_generic"];

export interface LogHit {
  /** The request's time (UTC). */
  time: Date;
  /** Client address as logged (IPv4 or IPv6, no port). */
  ip: string;
  method: string | null;
  /** Virtual host / Host header when the format has it, lower-case, no port. */
  host: string | null;
  /** The request target as logged: origin-form path+query ("/a?b=1") or absolute URL. */
  path: string;
  status: number | null;
  bytes: number | null;
  userAgent: string | null;
}

/**
 * Why a line was rejected, a short stable code: `line_too_long` (over MAX_LINE_CHARS), `nul_byte`,
 * `malformed` (not the format's shape), `bad_time` (unparseable or absurd date), `bad_ip`,
 * `bad_status` (not 100-599), `no_request` (no method and target, e.g. `"-"` or TLS bytes), `no_fields` (W3C
 * line whose fields do not match the #Fields directive).
 */
export type RejectReason = "line_too_long" | "nul_byte" | "malformed" | "bad_time" | "bad_ip" | "bad_status" | "no_request" | "no_fields";

export type ParseResult = { ok: true; hit: LogHit } | { ok: false; reason: RejectReason };
