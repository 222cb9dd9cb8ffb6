import { isIP } from "node:net";
import type { LogHit, ParseResult, RejectReason } from "../types";

/** Longer lines are rejected before any scanning (a 1 MB line never reaches a regular expression). */
export const MAX_LINE_CHARS = 16 * 1024;

/** Requests dated before this, or more than two days after the parser's clock, are not real log lines. */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const FUTURE_SLACK_MS = 2 * 24 * 3600_000;

export interface ParserOptions {
  /** The clock that bounds plausible request times (default: the wall clock). */
  now?: () => Date;
  /**
   * Answer every line with the same result object (and hit, and Date), overwritten by the next line: no allocation per
   * line beyond the fields' strings. For a caller that uses a hit before parsing the next line and copies what it keeps.
   */
  reuse?: boolean;
}

export const reject = (reason: RejectReason): ParseResult => ({ ok: false, reason });

/** Dotted-quad IPv4 by character codes (the common case; net.isIP costs a regular expression). */
function isIPv4(s: string): boolean {
  if (s.length < 7 || s.length > 15) return false;
  let parts = 0;
  let value = 0;
  let digitsInPart = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i === s.length ? 46 : s.charCodeAt(i);
    if (c === 46) {
      if (digitsInPart === 0 || value > 255) return false;
      parts++;
      value = 0;
      digitsInPart = 0;
    } else if (c >= 48 && c <= 57) {
      if (digitsInPart > 0 && value === 0) return false;
      value = value * 10 + (c - 48);
      digitsInPart++;
    } else return false;
  }
  return parts === 4;
}

/** Strips brackets and a port: `1.2.3.4:5678`, `[2001:db8::1]:443`; null unless an IPv4 or IPv6 address remains. */
export function cleanIp(raw: string): string | null {
  if (isIPv4(raw)) return raw;
  let ip = raw;
  if (ip.charCodeAt(0) === 91) {
    const end = ip.indexOf("]");
    if (end < 0) return null;
    ip = ip.slice(1, end);
  } else {
    const colon = ip.indexOf(":");
    if (colon > 0 && colon === ip.lastIndexOf(":") && ip.indexOf(".") > 0) ip = ip.slice(0, colon);
  }
  return isIP(ip) ? ip : null;
}

/** Lower-case host without port or trailing dot; null for "-" or empty. */
export function cleanHost(raw: string | null | undefined): string | null {
  if (!raw || raw === "-") return null;
  let host = raw.trim().toLowerCase();
  if (host.charCodeAt(0) === 91) {
    const end = host.indexOf("]");
    host = end > 0 ? host.slice(1, end) : host;
  } else {
    const colon = host.indexOf(":");
    if (colon >= 0 && colon === host.lastIndexOf(":")) host = host.slice(0, colon);
  }
  if (host.endsWith(".")) host = host.slice(0, -1);
  return host.length > 0 && host.length <= 253 ? host : null;
}

/** A status code 100-599, null for "-", NaN when it is something else. */
export function parseStatus(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === "-" || raw === "") return null;
  const n = typeof raw === "number" ? raw : raw.length === 3 ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 100 && n <= 599 ? n : NaN;
}

/** A byte count, null for "-" or anything that is not a non-negative safe integer. */
export function parseBytes(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === "-" || raw === "") return null;
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw >= 0 ? raw : null;
  return parseBytesAt(raw, 0, raw.length);
}

/** A byte count from line[from, to), as parseBytes reads one (the NCSA parser reads it in place, without a slice). */
export function parseBytesAt(line: string, from: number, to: number): number | null {
  if (to - from > 15 || to <= from) return null;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = line.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return null;
    n = n * 10 + c;
  }
  return n;
}

/** A bound check for request times; the clock is read once per 10,000 lines, not per line. */
export function createTimeCheck(options: ParserOptions = {}): (ms: number) => boolean {
  const clock = options.now ?? (() => new Date());
  let latest = 0;
  let calls = 0;
  return (ms) => {
    if (calls++ % 10_000 === 0) latest = clock().getTime() + FUTURE_SLACK_MS;
    return ms >= EARLIEST_MS && ms <= latest;
  };
}

/** The function a parser assembles each hit with, after the common checks: time, address, status, target. */
export type HitMaker = (
  ms: number,
  rawIp: string | null | undefined,
  method: string | null,
  host: string | null,
  path: string | null | undefined,
  rawStatus: string | number | null | undefined,
  bytes: number | null,
  userAgent: string | null,
) => ParseResult;

export function createHitMaker(options: ParserOptions = {}): HitMaker {
  const timeOk = createTimeCheck(options);
  const shared = options.reuse
    ? { ok: true as const, hit: { time: new Date(0), ip: "", method: null, host: null, path: "", status: null, bytes: null, userAgent: null } as LogHit }
    : null;
  return (ms, rawIp, method, host, path, rawStatus, bytes, userAgent) => {
    if (!timeOk(ms)) return reject("bad_time");
    const ip = rawIp ? cleanIp(rawIp) : null;
    if (!ip) return reject("bad_ip");
    const status = parseStatus(rawStatus);
    if (Number.isNaN(status)) return reject("bad_status");
    if (!path) return reject("no_request");
    if (!shared) return { ok: true, hit: { time: new Date(ms), ip, method, host, path, status, bytes, userAgent: userAgent || null } };
    const hit = shared.hit;
    hit.time.setTime(ms); hit.ip = ip; hit.method = method; hit.host = host; hit.path = path; hit.status = status; hit.bytes = bytes;
    hit.userAgent = userAgent || null;
    return shared;
  };
}
