// Lenient `<lastmod>` parsing: W3C datetime profiles (YYYY, YYYY-MM, YYYY-MM-DD, with time and
// zone), a space instead of "T", slashes in the date, "UTC"/"GMT" suffixes, and RFC 2822 dates.
// Anything else, or an impossible date such as 2024-02-30, yields undefined rather than a guess.

const W3C =
  /^(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2})(?:(?:[Tt]|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?)?$/;
const RFC2822 = /^(?:[A-Za-z]{3},?\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{2,4}\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[A-Za-z]{1,5}|[+-]\d{4})?$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS[month - 1];
}

function offsetMinutes(zone: string | undefined): number | null {
  if (!zone || /^(z|utc|gmt)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

// Digits at fixed offsets, or -1; used by the fast path for the canonical forms.
function digits(s: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

// A leap second (":60") is folded into the minute's last second instead of rolling the date over.
function build(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number, offset: number): Date | undefined {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59) return undefined;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), ms) - offset * 60_000);
}

// "YYYY-MM-DD" and "YYYY-MM-DDThh:mm:ss(Z|±hh:mm)" make up nearly every real lastmod; reading them
// by offset avoids the general regex on the hot path of a 50,000-entry file.
function parseCanonical(v: string): Date | undefined | null {
  if (v.length < 10 || v[4] !== "-" || v[7] !== "-") return null;
  const year = digits(v, 0, 4), month = digits(v, 5, 2), day = digits(v, 8, 2);
  if (year < 0 || month < 0 || day < 0) return null;
  if (v.length === 10) return build(year, month, day, 0, 0, 0, 0, 0);
  if ((v.length !== 20 && v.length !== 25) || v[10] !== "T" || v[13] !== ":" || v[16] !== ":") return null;
  const hour = digits(v, 11, 2), minute = digits(v, 14, 2), second = digits(v, 17, 2);
  if (hour < 0 || minute < 0 || second < 0) return null;
  if (v.length === 20) return v[19] === "Z" ? build(year, month, day, hour, minute, second, 0, 0) : null;
  const sign = v[19] === "+" ? 1 : v[19] === "-" ? -1 : 0;
  const oh = digits(v, 20, 2), om = digits(v, 23, 2);
  if (sign === 0 || v[22] !== ":" || oh < 0 || om < 0) return null;
  if (oh > 14 || om > 59) return undefined;
  return build(year, month, day, hour, minute, second, 0, sign * (oh * 60 + om));
}

export function parseLastmod(raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (value === "" || value.length > 64) return undefined;
  const fast = parseCanonical(value);
  if (fast !== null) return fast;
  const m = W3C.exec(value);
  if (m) {
    const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
    const offset = offsetMinutes(m[8]);
    if (offset === null) return undefined;
    const num = (g: string | undefined, fallback: number) => (g ? Number(g) : fallback);
    return build(Number(m[1]), num(m[2], 1), num(m[3], 1), num(m[4], 0), num(m[5], 0), num(m[6], 0), ms, offset);
  }
  if (RFC2822.test(value)) {
    const t = Date.parse(value);
    if (!Number.isNaN(t)) return new Date(t);
  }
  return undefined;
}
