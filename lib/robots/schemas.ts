import { z } from "zod";
import type { SafeFetchErrorKind } from "@/lib/net/types";
import { MAX_URL_LENGTH } from "@/lib/urls/normalize-url";
import { EXPLAIN_REASONS } from "./explain";
import { GOOGLE_NOTE_KINDS } from "./google";
import { crawlerToken } from "./user-agent";

// POST …/robots/test (DESIGN.md, Endpoints beyond SPEC.md): in and out.
export const ROBOTS_TEST_MAX_URLS = 100;
export const ROBOTS_TXT_DRAFT_MAX_BYTES = 512 * 1024;
export const ROBOTS_TEST_MAX_USER_AGENT = 500;
export const DEFAULT_TEST_USER_AGENT = "Googlebot";

const noNul = (s: string) => !s.includes("\0");
const NUL_MESSAGE = "Must not contain a NUL character";

export const testRobotsBody = z.strictObject({
  urls: z.array(z.string().min(1).max(MAX_URL_LENGTH).refine(noNul, NUL_MESSAGE))
    .min(1).max(ROBOTS_TEST_MAX_URLS)
    .describe("1-100 URLs to test: absolute http(s) URLs whose host is exactly the project domain, or paths starting with `/` "
      + "(resolved against `https://{domain}`). No user name or password, no port other than the default."),
  userAgent: z.string().trim().min(1, { abort: true }).max(ROBOTS_TEST_MAX_USER_AGENT).refine(noNul, NUL_MESSAGE)
    .refine((ua) => crawlerToken(ua) !== "", "Names no product token (letters, `_` and `-`, e.g. `Googlebot`)")
    .optional()
    .describe("The crawler to test (default `Googlebot`): a product token (`Googlebot`, `Bingbot`, `*`) or a full user-agent string, whose "
      + "crawler token is taken from `compatible; X/…` or the first product that is not a browser engine. Groups are matched by that token, "
      + "case-insensitively; with no group naming it, the `*` groups apply."),
  robotsTxt: z.string()
    .refine((s) => Buffer.byteLength(s, "utf8") <= ROBOTS_TXT_DRAFT_MAX_BYTES, `Must be at most ${ROBOTS_TXT_DRAFT_MAX_BYTES} bytes (512 KiB) of UTF-8`)
    .refine(noNul, NUL_MESSAGE)
    .optional()
    .describe("A draft robots.txt to test instead of the live file (at most 512 KiB of UTF-8; like a fetched file, only the first 500 KiB are "
      + "parsed). Nothing is fetched or stored."),
});
export type TestRobotsBody = z.infer<typeof testRobotsBody>;

const line = z.number().int().min(1);

const FETCH_ERRORS = [
  "dns", "tls", "timeout", "connection", "http_protocol", "blocked", "invalid_url", "too_large", "decompression_bomb", "too_many_redirects", "redirect_loop",
] as const satisfies readonly SafeFetchErrorKind[]; // test-robots.ts fails to compile when a kind is missing

export const RobotsRuleRef = z.object({
  line: line.describe("1-based line of the rule in the file (a byte order mark does not count; CR, LF and CRLF end lines)"),
  directive: z.enum(["allow", "disallow"]),
  value: z.string().describe("The rule's path pattern as written (comment and surrounding spaces removed)"),
}).describe("The rule that decided: the longest matching pattern; an allow wins a tie with a disallow of the same length");

export const RobotsGroupRef = z.object({
  line: line.describe("1-based line of the group's first `User-agent` line"),
  agents: z.array(z.string()).describe("Product tokens of the group's `User-agent` lines, lowercased; `*` for the catch-all"),
  matchedAgent: z.string().describe("The token that selected this group: the tested crawler's token, or `*` when no group names it"),
  mergedWith: z.array(line).describe("Lines of the other groups naming the same agent; their rules were merged with this group's (RFC 9309 §2.2.1)"),
}).describe("The group of the deciding rule; when no rule matched, the first group that applied");

const StandardVerdict = z.object({
  allowed: z.boolean(),
  reason: z.enum(EXPLAIN_REASONS),
  rule: RobotsRuleRef.nullable(),
}).describe("RFC 9309's verdict, given when Google's parser decides otherwise (another verdict or another deciding line); else null");

export const RobotsTestResult = z.object({
  index: z.number().int().min(0).describe("Position of the URL in the request's `urls` (0-based)"),
  url: z.string().describe("The absolute URL tested (paths resolved against `https://{domain}`, fragment dropped)"),
  path: z.string().describe("The path and query matched against the rules, percent-encoding normalized as RFC 9309 §2.2.2 asks"),
  allowed: z.boolean(),
  reason: z.enum(EXPLAIN_REASONS).describe("`rule`: `rule` decided. `no_matching_rule`: groups applied but none of their rules matched (allowed). "
    + "`no_group`: no group names the crawler and there is no `*` group (allowed). `robots_txt`: /robots.txt itself is always allowed. "
    + "`unavailable`: the live file answered 4xx or redirected more than 5 times (allow all). `unreachable`: it answered 5xx or 429, or "
    + "did not answer (disallow all)."),
  group: RobotsGroupRef.nullable().describe("null when no group applied (see `reason`)"),
  rule: RobotsRuleRef.nullable().describe("null unless `reason` is `rule`"),
  standard: StandardVerdict.nullable(),
  difference: z.string().nullable().describe("Where `standard` is given: how Google's reading differs, in words"),
});

export const RobotsInvalidUrl = z.object({
  index: z.number().int().min(0).describe("Position in the request's `urls` (0-based)"),
  input: z.string().describe("The line as sent"),
  code: z.enum(["invalid_url", "unsupported_scheme", "credentials_in_url", "off_host", "non_default_port"]),
  message: z.string(),
});

export const GoogleLineNote = z.object({
  line: line,
  kind: z.enum(GOOGLE_NOTE_KINDS).describe("`missing_colon`: `Disallow /path` read as a rule; `key_spelling`: a key read by how it begins "
    + "(`Disallowed:`); `byte_order_mark`: a U+FEFF before the key, which makes Google ignore the line; `index_html`: `Allow: …/index.html` "
    + "also allows the directory; `percent_encoding`: escapes compared as written"),
  message: z.string(),
});

export const RobotsTestResponse = z.object({
  source: z.enum(["live", "provided"]).describe("`live`: https://{domain}/robots.txt fetched now (never cached); `provided`: the `robotsTxt` draft"),
  robotsUrl: z.string().describe("`https://{domain}/robots.txt`, also for a draft (where it would be served)"),
  finalUrl: z.string().nullable().describe("The URL that gave the final answer, after redirects; null for a draft or when no answer came"),
  httpStatus: z.number().int().nullable().describe("Status of the final answer (a 3xx when redirects ran out); null for a draft or when no answer came"),
  fetchError: z.enum(FETCH_ERRORS).nullable()
    .describe("Why the live file could not be read (`blocked`: a private address; the redirect kinds come with `allow_all`); else null"),
  mode: z.enum(["rules", "allow_all", "disallow_all"]).describe("`rules`: a file was read; `allow_all`: unavailable (4xx, or the redirects ran out); `disallow_all`: unreachable (5xx, 429, no answer)"),
  truncated: z.boolean().describe("The file exceeded 500 KiB: only its first 500 KiB (whole lines) were parsed"),
  userAgent: z.string().describe("The user agent tested, as given but trimmed (default `Googlebot`)"),
  productToken: z.string().describe("The token matched against `User-agent` lines"),
  parser: z.enum(["google", "rfc9309"]).describe("`google`: the crawler is one of Google's, judged as Google's open-source parser "
    + "(github.com/google/robotstxt) reads the file; `rfc9309`: the standard reading"),
  results: z.array(RobotsTestResult).describe("One per testable URL, in request order (`index` gives its position)"),
  invalidUrls: z.array(RobotsInvalidUrl).describe("The URLs that cannot be tested for the project, each with the reason; "
    + "a request where none can be tested answers 400 instead"),
  googleNotes: z.array(GoogleLineNote).describe("With `parser` `google`: the lines of the file Google's parser reads differently from RFC 9309"),
});
export type RobotsTestResponse = z.infer<typeof RobotsTestResponse>;
export type RobotsTestResponseInput = z.input<typeof RobotsTestResponse>;
