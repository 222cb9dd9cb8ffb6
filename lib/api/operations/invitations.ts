// OpenAPI registrations of invitations (DESIGN.md "Endpoints beyond SPEC.md").
import { orgParams } from "@/lib/core/params";
import { AcceptedInvite, createInviteBody, InviteResponse, inviteParams, listInvitesQuery, PublicInvite, tokenParams } from "@/lib/invitations/schemas";
import { defineOperation } from "../operation";

const tags = ["Organizations"];
const O = "/api/user/organizations/{organizationId}";
const OW = ["organization:write", "organization:read"] as const;
const MANAGE = " Owners and admins only: 403 FORBIDDEN with `meta.missingPermission: \"invites.manage\"` otherwise.";

export const getOrganizationInvitesOp = defineOperation({
  method: "GET", path: `${O}/invites`, tags, scopes: ["organization:read"], params: orgParams, query: listInvitesQuery, response: InviteResponse, paginated: true,
  summary: "Invitations with their status (pending, accepted, revoked, expired)",
});
export const postOrganizationInvitesOp = defineOperation({
  method: "POST", path: `${O}/invites`, tags, scopes: [...OW], permission: "invites.manage", params: orgParams, body: createInviteBody, response: InviteResponse, created: true,
  summary: "Invite an address with a role",
  description: "Mails a single-use link to /invites/{token}, valid 7 days (the token is stored hashed). 409 for a member or an address with an open invitation; "
    + `429 RATE_LIMITED beyond the organization's daily limit (RATE_LIMIT_INVITES_PER_ORG_PER_DAY, default 50), with Retry-After.${MANAGE}`,
});
export const deleteOrganizationInviteOp = defineOperation({ method: "DELETE", path: `${O}/invites/{inviteId}`, tags, scopes: [...OW], permission: "invites.manage", params: inviteParams, response: InviteResponse, summary: "Revoke an invitation", description: MANAGE.trim() });
export const postOrganizationInviteResendOp = defineOperation({
  method: "POST", path: `${O}/invites/{inviteId}/resend`, tags, scopes: [...OW], permission: "invites.manage", params: inviteParams, response: InviteResponse,
  summary: "Resend an invitation", description: `A new link and seven more days; the old link stops working. Counts against the daily limit.${MANAGE}`,
});
export const getInviteOp = defineOperation({
  method: "GET", path: "/api/invites/{token}", tags, scopes: "public", params: tokenParams, response: PublicInvite,
  summary: "What an invitation link offers (no credentials)", description: "404 for an unknown, used, revoked or expired token.",
});
export const postInviteAcceptOp = defineOperation({
  method: "POST", path: "/api/invites/{token}/accept", tags, scopes: ["user:write"], params: tokenParams, response: AcceptedInvite,
  summary: "Accept an invitation",
  description: "A signed-in session whose email is the invited address (403 otherwise; API keys cannot accept). Single use: 404 once used, revoked or expired.",
});
