import type { LocRejectReason } from "./types";

/** The sitemap protocol limits a URL to 2,048 characters. */
export const MAX_LOC_LENGTH = 2048;

export type LocCheck = { ok: true; href: string } | { ok: false; value: string; reason: LocRejectReason; resolved?: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Validates a trimmed `<loc>` value: an absolute http(s) URL, returned in WHATWG serialization. */
export function checkLoc(raw: string, baseUrl?: string): LocCheck {
  const value = raw.trim();
  const shown = value.slice(0, MAX_LOC_LENGTH);
  if (value === "" || value.length > MAX_LOC_LENGTH) return { ok: false, value: shown, reason: "invalid_url" };
  // WHATWG parsing would percent-encode a raw NUL (text sitemaps can hold one; XML cannot) and accept it.
  if (value.includes("\u0000")) return { ok: false, value: shown.replaceAll("\u0000", "\ufffd"), reason: "invalid_url" };
  const scheme = SCHEME.exec(value);
  if (!scheme) return { ok: false, value, reason: "relative", resolved: resolve(value, baseUrl) };
  const name = scheme[1].toLowerCase();
  if (name !== "http" && name !== "https") return { ok: false, value, reason: "unsupported_scheme" };
  // WHATWG parsing would quietly accept "https:example.com" or "http:/x"; a sitemap must spell the authority.
  if (value[scheme[0].length] !== "/" || value[scheme[0].length + 1] !== "/") return { ok: false, value, reason: "invalid_url" };
  try {
    const url = new URL(value);
    if (!url.hostname) return { ok: false, value, reason: "invalid_url" };
    return { ok: true, href: url.href };
  } catch {
    return { ok: false, value, reason: "invalid_url" };
  }
}

function resolve(value: string, baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  try {
    return new URL(value, baseUrl).href;
  } catch {
    return undefined;
  }
}
