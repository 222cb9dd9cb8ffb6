// NCSA common and combined lines, scanned with indexOf (no regular expression on the hot path):
//   [vhost[:port] ]host ident user [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 2326[ "referer" "agent"][ extra…]
// The optional leading field is nginx's `$host` or Apache's `%v` / vhost_combined `%v:%p`; anything after the
// agent (request time, upstream time, …) is ignored.
import { cleanHost, createTimeCheck, makeHit, parseBytes, reject, type ParserOptions } from "./parse-fields";
import { parseNcsaTime } from "./parse-time";
import type { ParseResult } from "./types";

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

function isMethod(s: string): boolean {
  if (s.length === 0 || s.length > 24) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || c === 45 || c === 95)) return false;
  }
  return true;
}

export function createNcsaParser(combined: boolean, options: ParserOptions = {}): (line: string) => ParseResult {
  const timeOk = createTimeCheck(options);
  // Consecutive lines usually share their second: parse each distinct timestamp once.
  let lastStamp = "";
  let lastMs = NaN;

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
    const stamp = line.slice(ts, ts + 26);
    if (stamp !== lastStamp) {
      lastStamp = stamp;
      lastMs = parseNcsaTime(stamp);
    }
    const ms = lastMs;

    const q1 = ts + 28;
    if (line.charCodeAt(ts + 27) !== 32 || line.charCodeAt(q1) !== 34) return reject("malformed");
    const q2 = closingQuote(line, q1);
    if (q2 < 0) return reject("malformed");
    const request = line.slice(q1 + 1, q2);
    const sp1 = request.indexOf(" ");
    let method: string | null = null;
    let target: string | null = null;
    if (sp1 > 0 && isMethod(request.slice(0, sp1))) {
      method = request.slice(0, sp1);
      const sp2 = request.lastIndexOf(" ");
      target = sp2 > sp1 && request.startsWith("HTTP/", sp2 + 1) ? request.slice(sp1 + 1, sp2) : request.slice(sp1 + 1);
      if (target.length === 0 || target.indexOf(" ") >= 0) target = null;
    }

    if (line.charCodeAt(q2 + 1) !== 32) return reject("malformed");
    const statusEnd = line.indexOf(" ", q2 + 2);
    if (statusEnd < 0) return reject("malformed");
    const status = line.slice(q2 + 2, statusEnd);
    let bytesEnd = line.indexOf(" ", statusEnd + 1);
    if (bytesEnd < 0) bytesEnd = line.length;
    const bytes = parseBytes(line.slice(statusEnd + 1, bytesEnd));

    let userAgent: string | null = null;
    if (combined) {
      const r1 = bytesEnd + 1;
      if (line.charCodeAt(r1) !== 34) return reject("malformed");
      const r2 = closingQuote(line, r1);
      if (r2 < 0 || line.charCodeAt(r2 + 1) !== 32 || line.charCodeAt(r2 + 2) !== 34) return reject("malformed");
      const u2 = closingQuote(line, r2 + 2);
      if (u2 < 0) return reject("malformed");
      userAgent = line.slice(r2 + 3, u2);
      if (userAgent === "-") userAgent = null;
    }
    return makeHit(timeOk, ms, ip, method, host, target, status, bytes, userAgent);
  };
}
