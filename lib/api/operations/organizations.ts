// OpenAPI registrations of organizations and their members (DESIGN.md "Endpoints beyond SPEC.md").
import { z } from "zod";
import { orgParams } from "@/lib/core/params";
import { createOrganizationBody, DeletedOrganizationResponse, DeletedOrganizationSummary, listMembersQuery, memberParams, MemberResponse, OrganizationResponse, transferOwnershipBody,
  restoreParams, updateMemberBody, updateOrganizationBody } from "@/lib/organizations/schemas";
import { defineOperation } from "../operation";

const tags = ["Organizations"];
const O = "/api/user/organizations/{organizationId}";
const OR = ["organization:read"] as const;
const OW = ["organization:write", "organization:read"] as const;
const roles = (who: string, permission: string) => ` ${who} only: 403 FORBIDDEN with \`meta.missingPermission: "${permission}"\` otherwise.`;

export const postOrganizationsOp = defineOperation({
  method: "POST", path: "/api/user/organizations", tags, scopes: ["user:write"], body: createOrganizationBody, response: OrganizationResponse, created: true,
  summary: "Create an organization", description: "The caller becomes its owner. At most ORGANIZATIONS_PER_USER (100) memberships per person (409).",
});
export const getOrganizationOp = defineOperation({ method: "GET", path: O, tags, scopes: [...OR], params: orgParams, response: OrganizationResponse, summary: "The organization, with the caller's role and what it allows" });
export const patchOrganizationOp = defineOperation({
  method: "PATCH", path: O, tags, scopes: [...OW], permission: "organization.update", params: orgParams, body: updateOrganizationBody, response: OrganizationResponse,
  summary: "Rename the organization", description: roles("Owners", "organization.update").trim(),
});
export const deleteOrganizationOp = defineOperation({
  method: "DELETE", path: O, tags, scopes: [...OW], permission: "organization.delete", params: orgParams, response: DeletedOrganizationResponse,
  summary: "Delete the organization (30-day grace)",
  description: "Gone for its members at once: it leaves every list, its API keys stop working, its projects stop; purged after 30 days. "
    + `A personal organization is deleted with its account (409).${roles("Owners", "organization.delete")}`,
});
export const getOrganizationsDeletedOp = defineOperation({
  method: "GET", path: "/api/user/organizations/deleted", tags, scopes: [...OR], response: z.array(DeletedOrganizationSummary),
  summary: "Deleted organizations the caller can restore",
  description: "Those the caller owns that are deleted and not yet purged, soonest purge first. Empty for an API key (a deleted organization's keys stop working).",
});
export const postOrganizationsDeletedRestoreOp = defineOperation({
  method: "POST", path: "/api/user/organizations/deleted/{deletedOrganizationId}/restore", tags, scopes: [...OW], params: restoreParams, response: OrganizationResponse,
  summary: "Restore a deleted organization",
  description: "An owner undoes the deletion before its purge date: projects, members, API keys and webhooks come back as they were; invitations revoked by the deletion stay revoked. "
    + "404 for anyone else, for an organization that is not deleted, or past its purge date; 409 at ORGANIZATIONS_PER_USER; API keys get 403.",
});
export const getOrganizationMembersOp = defineOperation({
  method: "GET", path: `${O}/members`, tags, scopes: [...OR], params: orgParams, query: listMembersQuery, response: MemberResponse, paginated: true,
  summary: "Members with role and last activity", description: "Owners first, then admins, then members.",
});
export const patchOrganizationMemberOp = defineOperation({
  method: "PATCH", path: `${O}/members/{userId}`, tags, scopes: [...OW], permission: "members.manage", params: memberParams, body: updateMemberBody, response: MemberResponse,
  summary: "Change a member's role",
  description: `Only owners change an owner or make someone owner (403 \`members.manage_owners\`); the last owner cannot be demoted (409 LAST_OWNER). The member is notified (member.role_changed).${roles("Owners and admins", "members.manage")}`,
});
export const deleteOrganizationMemberOp = defineOperation({
  method: "DELETE", path: `${O}/members/{userId}`, tags, scopes: [...OW], permission: "members.manage", params: memberParams, response: z.object({ userId: z.uuid(), removed: z.literal(true) }),
  summary: "Remove a member", description: `Their API keys for this organization stop working at once; they are notified (member.removed). Never the last owner (409 LAST_OWNER).${roles("Owners and admins", "members.manage")}`,
});
export const postOrganizationLeaveOp = defineOperation({
  method: "POST", path: `${O}/leave`, tags, scopes: [...OR], params: orgParams, response: z.object({ organizationId: z.uuid(), left: z.literal(true) }),
  summary: "Leave the organization", description: "The last owner cannot leave (409 LAST_OWNER): transfer ownership first.",
});
export const postOrganizationTransferOwnershipOp = defineOperation({
  method: "POST", path: `${O}/transfer-ownership`, tags, scopes: [...OW], permission: "ownership.transfer", params: orgParams, body: transferOwnershipBody, response: MemberResponse.extend({ previousOwnerRole: z.literal("admin") }),
  summary: "Make another member owner", description: `The caller stays, as admin.${roles("Owners", "ownership.transfer")}`,
});
