// What each WAF / bot-management vendor's challenge and block pages look like. Markers are
// lowercase; body markers are looked for in the first 32 KiB of the answer.

/** `[header name, substring of its lowercased value]`; a name ending in "*" is a prefix. */
export type HeaderMatch = readonly [name: string, valueIncludes?: string];

export interface WafVendor {
  vendor: string;
  /** Headers only the vendor's challenge or block answers carry: enough on their own. */
  verdictHeaders?: HeaderMatch[];
  /** Headers showing that the vendor fronts the site (also on ordinary pages). */
  presenceHeaders?: HeaderMatch[];
  /** Cookie name prefixes the vendor sets (also on ordinary pages). */
  cookies?: string[];
  /** Text found only on the vendor's challenge or block pages. */
  strongMarkers?: string[];
  /** Text also found on ordinary pages behind the vendor: counts with presence and a blocking status. */
  weakMarkers?: string[];
  /** The vendor serves challenges with a 2xx status (an interstitial or an iframe page). */
  challengeOn2xx?: boolean;
}

export const WAF_VENDORS: WafVendor[] = [
  {
    vendor: "cloudflare",
    verdictHeaders: [["cf-mitigated", "challenge"]],
    presenceHeaders: [["server", "cloudflare"], ["cf-ray"]],
    cookies: ["__cf_bm", "cf_clearance", "__cflb"],
    strongMarkers: ["_cf_chl_opt", "cf-chl-", "<title>just a moment...</title>", "attention required! | cloudflare", "cf-error-details"],
    weakMarkers: ["/cdn-cgi/challenge-platform/", "cf-chl", "just a moment", "cloudflare ray id", "checking your browser"],
  },
  {
    vendor: "akamai",
    presenceHeaders: [["server", "akamaighost"], ["akamai-grn"], ["server-timing", "ak_p"]],
    cookies: ["_abck", "bm_sz", "ak_bmsc", "bm_sv"],
    strongMarkers: ["/_sec/cp_challenge/", "errors.edgesuite.net"],
    weakMarkers: ["access denied", "reference #", "reference&#32;&#35;"],
  },
  {
    vendor: "imperva",
    presenceHeaders: [["x-iinfo"], ["x-cdn", "incapsula"], ["x-cdn", "imperva"]],
    cookies: ["incap_ses_", "visid_incap_", "nlbi_", "reese84"],
    strongMarkers: ["incapsula incident id", "powered by incapsula"],
    weakMarkers: ["_incapsula_resource", "incapsula", "imperva"],
    challengeOn2xx: true,
  },
  {
    vendor: "aws-waf",
    verdictHeaders: [["x-amzn-waf-action"]],
    strongMarkers: ["gokuprops", "awswafcookiedomainlist"],
    weakMarkers: ["awswaf", "token.awswaf.com"],
    challengeOn2xx: true,
  },
  {
    vendor: "sucuri",
    verdictHeaders: [["x-sucuri-block"]],
    presenceHeaders: [["x-sucuri-id"], ["x-sucuri-cache"], ["server", "sucuri"]],
    strongMarkers: ["sucuri website firewall", "sucuri_cloudproxy_js", "cloudproxy@sucuri.net"],
    weakMarkers: ["sucuri"],
    challengeOn2xx: true,
  },
  {
    vendor: "datadome",
    presenceHeaders: [["x-datadome"], ["x-datadome-cid"], ["x-dd-b"]],
    cookies: ["datadome"],
    strongMarkers: ["captcha-delivery.com"],
    weakMarkers: ["datadome", "var dd={", "dd={'rt'"],
  },
  {
    vendor: "perimeterx",
    presenceHeaders: [["x-px*"]],
    cookies: ["_px", "pxcts"],
    strongMarkers: ["px-captcha", "_pxcaptcha"],
    weakMarkers: ["_pxappid", "perimeterx", "press & hold", "press &amp; hold", "human verification"],
  },
  {
    vendor: "vercel",
    verdictHeaders: [["x-vercel-mitigated"]],
    presenceHeaders: [["server", "vercel"], ["x-vercel-id"]],
    strongMarkers: ["vercel security checkpoint"],
  },
  {
    vendor: "ddos-guard",
    presenceHeaders: [["server", "ddos-guard"]],
    cookies: ["__ddg"],
    strongMarkers: ["/.well-known/ddos-guard/", "check.ddos-guard.net"],
    weakMarkers: ["ddos-guard"],
  },
];
