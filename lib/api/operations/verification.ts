// OpenAPI registrations of the ownership verification area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { indexNowKeyBody, ProjectVerification, ProjectVerifyResult } from "@/lib/verification/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Verification"];

export const getProjectVerificationOp = defineOperation({
  method: "GET", path: `${P}/verification`, tags, scopes: R, params: projectParams, response: ProjectVerification,
  summary: "Ownership verification state",
  description: "The DNS record to publish (`_service.{domain}` TXT `service-site-verification={token}`), the IndexNow key and its expected file URL "
    + "(`https://{domain}/{key}.txt`), and the four proof timestamps. `verified` is true when any of them is set.",
});
export const postProjectDnsTokenOp = defineOperation({
  method: "POST", path: `${P}/dns-token`, tags, scopes: W, params: projectParams, response: ProjectVerification,
  summary: "Create a new DNS verification token",
  description: "Makes a new 64-hex token on every call and clears `dnsVerifiedAt`: the record must then carry the new value.",
});
export const postProjectVerifyDnsOp = defineOperation({
  method: "POST", path: `${P}/verify-dns`, tags, scopes: W, params: projectParams, response: ProjectVerifyResult, errors: ["CONFLICT"],
  summary: "Check the DNS TXT record now",
  description: "Resolves the TXT records at `_service.{domain}` live (through `DNS_SERVERS`; no answer is cached, negative ones included). A record "
    + "matches when its character-strings, joined, equal `service-site-verification={token}` exactly after trimming; any one of several records may "
    + "match. Success sets `dnsVerifiedAt`. Otherwise `verified` is false and `error` says which: no such name (NXDOMAIN), no TXT record, wrong "
    + "value, SERVFAIL, timeout. A failed check keeps an earlier `dnsVerifiedAt`. 409 CONFLICT when the project has no DNS token yet.",
});
export const postProjectIndexnowKeyOp = defineOperation({
  method: "POST", path: `${P}/indexnow-key`, tags, scopes: W, params: projectParams, body: indexNowKeyBody, optionalBody: true,
  response: ProjectVerification,
  summary: "Set or generate the IndexNow key",
  description: "No body, no `key` or `\"\"` generates a 64-hex key (`indexNowKeySource: generated`); otherwise the key must be 8-128 characters of "
    + "`a-zA-Z0-9-` (`provided`). Always clears `indexNowKeyVerifiedAt`.",
});
export const postProjectVerifyKeyOp = defineOperation({
  method: "POST", path: `${P}/verify-key`, tags, scopes: W, params: projectParams, response: ProjectVerifyResult, errors: ["CONFLICT", "RATE_LIMITED"],
  summary: "Check the IndexNow key file now",
  description: "GETs `https://{domain}/{key}.txt` through the SSRF-guarded fetcher, following no redirect, and requires the trimmed body to equal the "
    + "key. Success sets `indexNowKeyVerifiedAt` and resolves an open `indexnow_key_invalid` issue. Otherwise `verified` is false and `error` says "
    + "which: redirect, not found, other HTTP status, HTML page, empty file, wrong content, file too large, private address, DNS, TLS, timeout, "
    + "unreachable. A failed check keeps an earlier `indexNowKeyVerifiedAt`. 409 CONFLICT when the project has no key yet. Beyond "
    + "`RATE_LIMIT_SITE_FETCHES_PER_MINUTE` (6) calls a minute per project and domain, 429 RATE_LIMITED with Retry-After, and nothing is fetched.",
});
