// NCSA common and combined lines, scanned with indexOf (no regular expression on the hot path):
//   [vhost[:port] ]host ident user [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 2326[ "referer" "agent"][ extra…]
// The optional leading field is nginx's `$host` or Apache's `%v` / vhost_combined `%v:%p`; anything after the
// agent (request time, upstream time, …) is ignored.
import { cleanHost, createHitMaker, parseBytesAt, reject, type ParserOptions } from "./parse-fields";
import { digits, parseNcsaTime } from "./parse-time";
import type { ParseResult } from "../types";

/** Index of the `"` closing a quoted field opened at `open`, skipping backslash-escaped quotes (Apache). */
function closingQuote(line: string, open: number): number {
  let i = open + 1;
  for (;;) {
    const q = line.indexOf('"', i);
    if (q < 0) return -1;
    let backslashes = 0;
    for (let k = q - 1; k > open && line.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return q;
    i = q + 1;
  }
}

/** Whether line[from, to) is an HTTP method token (upper-case letters, `-`, `_`; at most 24). */
function isMethodAt(line: string, from: number, to: number): boolean {
  if (to <= from || to - from > 24) return false;
  for (let i = from; i < to; i++) {
    const c = line.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || c === 45 || c === 95)) return false;
  }
  return true;
}

/** Three digits at `at` as a status code (100-599), -1 when they are something else (the field then goes the slow way). */
function statusAt(line: string, at: number): number {
  const a = line.charCodeAt(at) - 48, b = line.charCodeAt(at + 1) - 48, c = line.charCodeAt(at + 2) - 48;
  if (a < 1 || a > 5 || b < 0 || b > 9 || c < 0 || c > 9) return -1;
  return a * 100 + b * 10 + c;
}

export function createNcsaParser(combined: boolean, options: ParserOptions = {}): (line: string) => ParseResult {
  const makeHit = createHitMaker(options);
  // Consecutive lines nearly always share their day and zone: parse each distinct date once and only the
  // time of day per line.
  let lastDay = "";
  let lastZone = "";
  let dayBase = NaN;

  function timeAt(line: string, ts: number): number {
    if (lastDay.length > 0 && line.startsWith(lastDay, ts) && line.startsWith(lastZone, ts + 21) && line.charCodeAt(ts + 11) === 58
      && line.charCodeAt(ts + 14) === 58 && line.charCodeAt(ts + 17) === 58 && line.charCodeAt(ts + 20) === 32) {
      const h = digits(line, ts + 12, 2), m = digits(line, ts + 15, 2), sec = digits(line, ts + 18, 2);
      // A leap second (:60) goes the slow way, which decides whether it rolls into a day that exists.
      if (h <= 23 && m <= 59 && sec < 60) return dayBase + h * 3_600_000 + m * 60_000 + sec * 1000;
      return parseNcsaTime(line, ts);
    }
    const ms = parseNcsaTime(line, ts);
    const h = digits(line, ts + 12, 2), m = digits(line, ts + 15, 2), sec = digits(line, ts + 18, 2);
    dayBase = ms - (h * 3_600_000 + m * 60_000 + sec * 1000);
    if (Number.isNaN(dayBase) || sec === 60) {
      lastDay = "";
    } else {
      lastDay = line.slice(ts, ts + 11);
      lastZone = line.slice(ts + 21, ts + 26);
    }
    return ms;
  }

  return (line) => {
    const lb = line.indexOf(" [");
    if (lb <= 0) return reject("malformed");
    const s1 = line.indexOf(" ");
    const s2 = line.indexOf(" ", s1 + 1);
    const s3 = s2 < lb ? line.indexOf(" ", s2 + 1) : -1;
    let ip: string;
    let host: string | null = null;
    if (s2 === lb || s2 < 0 || s2 > lb) {
      return reject("malformed");
    } else if (s3 === lb) {
      ip = line.slice(0, s1);
    } else if (s3 > 0 && s3 < lb && line.indexOf(" ", s3 + 1) === lb) {
      host = cleanHost(line.slice(0, s1));
      ip = line.slice(s1 + 1, s2);
    } else {
      return reject("malformed");
    }

    const ts = lb + 2;
    if (line.charCodeAt(ts + 26) !== 93) return reject("bad_time");
    const ms = timeAt(line, ts);

    const q1 = ts + 28;
    if (line.charCodeAt(ts + 27) !== 32 || line.charCodeAt(q1) !== 34) return reject("malformed");
    const q2 = closingQuote(line, q1);
    if (q2 < 0) return reject("malformed");
    // The request line `METHOD target[ HTTP/x]`, read in place.
    const sp1 = line.indexOf(" ", q1 + 1);
    let method: string | null = null;
    let target: string | null = null;
    if (sp1 > q1 + 1 && sp1 < q2 && isMethodAt(line, q1 + 1, sp1)) {
      method = line.slice(q1 + 1, sp1);
      const sp2 = line.lastIndexOf(" ", q2 - 1);
      const end = sp2 > sp1 && line.startsWith("HTTP/", sp2 + 1) ? sp2 : q2;
      if (end > sp1 + 1) {
        const space = line.indexOf(" ", sp1 + 1);
        if (space < 0 || space >= end) target = line.slice(sp1 + 1, end);
      }
    }

    if (line.charCodeAt(q2 + 1) !== 32) return reject("malformed");
    const statusEnd = line.indexOf(" ", q2 + 2);
    if (statusEnd < 0) return reject("malformed");
    const fast = statusEnd === q2 + 5 ? statusAt(line, q2 + 2) : -1;
    const status: string | number = fast > 0 ? fast : line.slice(q2 + 2, statusEnd);
    let bytesEnd = line.indexOf(" ", statusEnd + 1);
    if (bytesEnd < 0) bytesEnd = line.length;
    const bytes = parseBytesAt(line, statusEnd + 1, bytesEnd);

    let userAgent: string | null = null;
    if (combined) {
      const r1 = bytesEnd + 1;
      if (line.charCodeAt(r1) !== 34) return reject("malformed");
      const r2 = closingQuote(line, r1);
      if (r2 < 0 || line.charCodeAt(r2 + 1) !== 32 || line.charCodeAt(r2 + 2) !== 34) return reject("malformed");
      const u2 = closingQuote(line, r2 + 2);
      if (u2 < 0) return reject("malformed");
      userAgent = u2 === r2 + 4 && line.charCodeAt(r2 + 3) === 45 ? null : line.slice(r2 + 3, u2);
    }
    return makeHit(ms, ip, method, host, target, status, bytes, userAgent);
  };
}
