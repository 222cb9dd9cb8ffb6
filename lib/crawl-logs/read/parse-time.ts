// Date parsing for log lines, by character codes: Date.parse is slow and lenient (it accepts "1" or "May").
// Every parser returns epoch milliseconds, or NaN when the text is not a real date.

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/** The number written by `count` ASCII digits at `start`, NaN when one is not a digit. */
export function digits(s: string, start: number, count: number): number {
  let n = 0;
  for (let i = start; i < start + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    n = n * 10 + c;
  }
  return n;
}

function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms = 0): number {
  if (month < 0 || month > 11 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return NaN;
  const t = Date.UTC(year, month, day, hour, minute, second, ms);
  // Date.UTC rolls 31 Feb over into March: a date that does not exist is not a date.
  return new Date(t).getUTCDate() === day ? t : NaN;
}

/** NCSA `%t` without brackets: `10/Oct/2000:13:55:36 -0700` (exactly 26 characters). */
export function parseNcsaTime(s: string, start = 0): number {
  if (s.length - start < 26 || s.charCodeAt(start + 2) !== 47 || s.charCodeAt(start + 6) !== 47 || s.charCodeAt(start + 11) !== 58) return NaN;
  const day = digits(s, start, 2);
  const month = MONTHS[s.slice(start + 3, start + 6)];
  const year = digits(s, start + 7, 4);
  const hour = digits(s, start + 12, 2);
  const minute = digits(s, start + 15, 2);
  const second = digits(s, start + 18, 2);
  const sign = s.charCodeAt(start + 21);
  const offH = digits(s, start + 22, 2);
  const offM = digits(s, start + 24, 2);
  if (month === undefined || (sign !== 43 && sign !== 45) || offH > 14 || offM > 59) return NaN;
  const local = utc(year, month, day, hour, minute, second);
  const offset = (offH * 60 + offM) * 60_000;
  return sign === 43 ? local - offset : local + offset;
}

/**
 * ISO 8601 / RFC 3339: `2026-11-25T10:00:00Z`, with `.fraction`, `+01:00`/`+0100` offsets, a space for the
 * `T`, or no zone at all (read as UTC, as W3C logs are).
 */
export function parseIsoTime(s: string): number {
  if (s.length < 19 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return NaN;
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 116 && sep !== 32) return NaN;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const second = digits(s, 17, 2);
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46 || s.charCodeAt(i) === 44) {
    let scale = 100;
    i++;
    const from = i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) {
      ms += (s.charCodeAt(i) - 48) * scale;
      scale /= 10;
      i++;
    }
    if (i === from) return NaN;
    ms = Math.floor(ms);
  }
  const base = utc(year, month - 1, day, hour, minute, second, ms);
  if (i === s.length) return base;
  const z = s.charCodeAt(i);
  if ((z === 90 || z === 122) && i + 1 === s.length) return base;
  if (z !== 43 && z !== 45) return NaN;
  const rest = s.slice(i + 1);
  const m = /^(\d{2}):?(\d{2})$/.exec(rest);
  if (!m) return NaN;
  const offset = (Number(m[1]) * 60 + Number(m[2])) * 60_000;
  if (Number(m[1]) > 14 || Number(m[2]) > 59) return NaN;
  return z === 43 ? base - offset : base + offset;
}

/** W3C `date` and `time` fields (UTC): `2026-11-25` and `10:00:00` (optionally with a fraction). */
export function parseW3cTime(date: string, time: string): number {
  if (date.length !== 10 || time.length < 8) return NaN;
  return parseIsoTime(`${date}T${time}`);
}

/**
 * A Unix timestamp in seconds, milliseconds, microseconds or nanoseconds, told apart by magnitude
 * (Cloudflare Logpush writes nanoseconds or seconds, depending on `timestamp_format`).
 */
export function parseUnixTime(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return NaN;
  if (n < 1e11) return Math.round(n * 1000);
  if (n < 1e14) return Math.round(n);
  if (n < 1e17) return Math.round(n / 1e3);
  return Math.round(n / 1e6);
}

/** Any of the forms above, for JSON fields: a number, a string of digits, RFC 3339, or NCSA. */
export function parseAnyTime(value: unknown): number {
  if (typeof value === "number") return parseUnixTime(value);
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return NaN;
  const c = value.charCodeAt(0);
  if (/^\d+(\.\d+)?$/.test(value)) return parseUnixTime(Number(value));
  if (c === 91) return parseNcsaTime(value, 1);
  if (value.charCodeAt(2) === 47) return parseNcsaTime(value);
  return parseIsoTime(value);
}
