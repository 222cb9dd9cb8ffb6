// OpenAPI registrations of organizations and their members (DESIGN.md "Endpoints beyond SPEC.md").
import { z } from "zod";
import { orgParams } from "@/lib/core/params";
import { MAX_LOGO_BYTES, MAX_LOGO_SIDE, MIN_LOGO_SIDE } from "@/lib/organizations/logo-image";
import { brandingBody, BrandingResponse, createOrganizationBody, DeletedOrganizationResponse, DeletedOrganizationSummary, listMembersQuery, memberParams, MemberResponse, OrganizationResponse, transferOwnershipBody,
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

// ─── Branding: the name, colour and logo of client reports and share pages ─────────────────────────
const B = `${O}/branding`;
const brandingRoles = roles("Owners and admins", "branding.manage");
export const getBrandingOp = defineOperation({
  method: "GET", path: B, tags, scopes: [...OR], params: orgParams, response: BrandingResponse,
  summary: "The organization's branding", description: "The display name, accent colour and logo that client report PDFs and share pages show.",
});
export const putBrandingOp = defineOperation({
  method: "PUT", path: B, tags, scopes: [...OW], permission: "branding.manage", params: orgParams, body: brandingBody, response: BrandingResponse,
  summary: "Set the display name and accent colour",
  description: `Both fields are required; null clears one (the organization's name, IndexWatch blue). The colour is #rrggbb (400 otherwise). The logo is left as it is. Audited (organization.updated).${brandingRoles}`,
});
export const getBrandingLogoOp = defineOperation({
  method: "GET", path: `${B}/logo`, tags, scopes: [...OR], params: orgParams, response: z.string().meta({ format: "binary" }), rawResponse: true, responseContentType: "image/png",
  summary: "The logo file", description: "The PNG or JPEG as uploaded (its own Content-Type); 404 when there is none.",
});
export const putBrandingLogoOp = defineOperation({
  method: "PUT", path: `${B}/logo`, tags, scopes: [...OW], permission: "branding.manage", params: orgParams,
  body: z.string().meta({ format: "binary", description: "The PNG or JPEG file as the request body (image/png or image/jpeg)" }), bodyContentType: "image/png", response: BrandingResponse,
  summary: "Upload the logo",
  description: `A PNG or JPEG, read from its bytes, at most ${MAX_LOGO_BYTES / 1024} KB (413 beyond) and ${MIN_LOGO_SIDE} to ${MAX_LOGO_SIDE} pixels on each side; `
    + `anything else, an SVG included (it can carry scripts), answers 400 VALIDATION_ERROR (\`meta.errors[0].code\`: not_an_image, svg_not_allowed, bad_dimensions). Replaces the previous logo.${brandingRoles}`,
  errors: ["PAYLOAD_TOO_LARGE"],
});
export const deleteBrandingLogoOp = defineOperation({
  method: "DELETE", path: `${B}/logo`, tags, scopes: [...OW], permission: "branding.manage", params: orgParams, response: BrandingResponse,
  summary: "Remove the logo", description: `Reports and share pages show the name alone.${brandingRoles}`,
});
