import { WAF_VENDORS, type HeaderMatch, type WafVendor } from "./waf-vendors";

export interface WafAnswer {
  status: number;
  /** Lowercased names; repeated headers joined with ", " and set-cookie with "\n", as the safe fetcher gives them. */
  headers: Record<string, string>;
  /** The start of the decoded body (any case); "" when it was not read. */
  body: string;
}

/** Statuses a WAF answers a challenge or block with (AWS WAF's CAPTCHA uses 405). */
const BLOCKING = new Set([403, 405, 406, 429, 503]);
export const WAF_SNIFF_CHARS = 32 * 1024;

/**
 * The vendor whose challenge or block page this answer is, or null. Decided in three passes so a
 * definitive header of one vendor wins over body text of another: a verdict header; a marker only
 * challenge pages carry; then vendor presence plus a blocking status plus any of its markers.
 */
export function detectWaf(answer: WafAnswer): string | null {
  let lowered: string | undefined;
  const body = () => (lowered ??= answer.body.slice(0, WAF_SNIFF_CHARS).toLowerCase());
  const cookies = cookieNames(answer.headers["set-cookie"]);
  const blocking = BLOCKING.has(answer.status);
  const ok = answer.status >= 200 && answer.status < 300;
  const present = (v: WafVendor) =>
    (v.presenceHeaders ?? []).some((m) => headerMatches(answer.headers, m)) || (v.cookies ?? []).some((p) => cookies.some((c) => c.startsWith(p)));

  for (const v of WAF_VENDORS) {
    if ((v.verdictHeaders ?? []).some((m) => headerMatches(answer.headers, m))) return v.vendor;
  }
  for (const v of WAF_VENDORS) {
    if (!blocking && !(ok && v.challengeOn2xx && present(v))) continue;
    if ((v.strongMarkers ?? []).some((m) => body().includes(m))) return v.vendor;
  }
  if (!blocking) return null;
  for (const v of WAF_VENDORS) {
    if (present(v) && (v.weakMarkers ?? []).some((m) => body().includes(m))) return v.vendor;
  }
  return null;
}

/**
 * Whether the body could still turn this answer into a challenge (so its start is worth reading):
 * never for a non-blocking status unless a vendor that challenges with 2xx fronts the site.
 */
export function mayBeChallenge(status: number, headers: Record<string, string>): boolean {
  if (BLOCKING.has(status)) return true;
  if (status < 200 || status >= 300) return false;
  const cookies = cookieNames(headers["set-cookie"]);
  return WAF_VENDORS.some(
    (v) => v.challengeOn2xx && ((v.presenceHeaders ?? []).some((m) => headerMatches(headers, m)) || (v.cookies ?? []).some((p) => cookies.some((c) => c.startsWith(p)))),
  );
}

function headerMatches(headers: Record<string, string>, [name, includes]: HeaderMatch): boolean {
  const values = name.endsWith("*") ? Object.entries(headers).filter(([n]) => n.startsWith(name.slice(0, -1))).map(([, v]) => v) : [headers[name]];
  return values.some((v) => v !== undefined && (includes === undefined || v.toLowerCase().includes(includes)));
}

function cookieNames(setCookie: string | undefined): string[] {
  if (!setCookie) return [];
  return setCookie.split("\n").map((line) => line.slice(0, Math.max(0, line.indexOf("="))).trim().toLowerCase()).filter(Boolean);
}
