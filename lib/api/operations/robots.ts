// OpenAPI registrations of the robots.txt area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { RobotsTestResponse, testRobotsBody } from "@/lib/robots/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Robots"];

export const postProjectRobotsTestOp = defineOperation({
  method: "POST", path: `${P}/robots/test`, tags, scopes: R, params: projectParams, body: testRobotsBody, response: RobotsTestResponse,
  summary: "Test URLs against robots.txt (live or a draft)",
  description: [
    "Without `robotsTxt`, fetches `https://{domain}/robots.txt` now through the SSRF-guarded fetcher (never cached; up to 5 redirects; the first "
      + "500 KiB parsed) and applies RFC 9309: 2xx → its rules; 4xx, or more than 5 redirects → allow all (`mode: allow_all`); 5xx, 429 or no "
      + "answer → disallow all (`mode: disallow_all`, `fetchError` says why when nothing answered). With `robotsTxt`, tests that draft instead "
      + "(`source: provided`, `httpStatus` null); nothing is fetched or stored.",
    "For each URL: the groups naming the crawler's product token (merged when several do), else the `*` groups; the longest matching `Allow`/"
      + "`Disallow` pattern decides (`*` any run, trailing `$` anchors the end, percent-encoding normalized), an `Allow` wins a tie, and no match "
      + "allows. `/robots.txt` itself is always allowed. `group` and `rule` point at lines of the file; `reason` says what decided.",
    "400 VALIDATION_ERROR (with `meta.errors[].path` `urls.<i>`, `userAgent` or `robotsTxt`): a URL on another host (`off_host`, `www.` "
      + "included), with a user name or password, a non-default port, another scheme, or not a URL or `/` path; a NUL character anywhere; a "
      + "draft over 512 KiB. A request body over 1 MiB is a 413.",
    "A live test beyond `RATE_LIMIT_SITE_FETCHES_PER_MINUTE` (6) calls a minute per project and domain answers 429 RATE_LIMITED with Retry-After, and nothing is fetched; a draft is never limited.",
  ].join("\n\n"),
  errors: ["RATE_LIMITED"],
});
