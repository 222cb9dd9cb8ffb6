// OpenAPI registrations of share links (read-only client views of a project): one defineOperation per endpoint.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { createShareLinkBody, listShareLinksQuery, MAX_ACTIVE_SHARE_LINKS, shareLinkParams, ShareLinkResponse } from "@/lib/share-links/schemas";
import { defineOperation } from "../operation";

const path = "/api/user/organizations/{organizationId}/projects/{id}/share-links";
const tags = ["Client reports"];

const VIEW = "The link opens a read-only view of the project's overview (counters, trends, time to index), its open and resolved issues and their URLs, "
  + "without signing in; nothing on it can change anything, and it leads to no other project. Its pages are `noindex` (meta robots and `X-Robots-Tag`).";

export const getShareLinksOp = defineOperation({
  method: "GET", path, tags, scopes: R, params: projectParams, query: listShareLinksQuery, response: ShareLinkResponse, paginated: true,
  summary: "List the project's share links",
  description: `Newest first, with each link's status (\`active\`, \`expired\`, \`revoked\`), views and last view. \`url\` is null: only a hash of each link's token is kept. ${VIEW}`,
});
export const postShareLinkOp = defineOperation({
  method: "POST", path, tags, scopes: W, params: projectParams, body: createShareLinkBody, response: ShareLinkResponse, created: true, errors: ["CONFLICT"],
  summary: "Create a read-only share link (its URL is shown once)",
  description: `\`{expiresInDays}\` (1-365). The answer's \`url\` (an unguessable 256-bit token) is shown this once. At most ${MAX_ACTIVE_SHARE_LINKS} active links per project (409). ${VIEW}`,
});
export const deleteShareLinkOp = defineOperation({
  method: "DELETE", path: `${path}/{shareLinkId}`, tags, scopes: W, params: shareLinkParams, response: ShareLinkResponse,
  summary: "Revoke a share link",
  description: "From the next request on, the link answers a page saying it expired or was revoked (HTTP 404), with no data. Idempotent: revoking a revoked link answers it as it is.",
});
