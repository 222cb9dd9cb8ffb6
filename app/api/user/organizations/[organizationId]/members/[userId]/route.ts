import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { changeMemberRole, removeMember } from "@/lib/organizations/members";
import { memberParams, updateMemberBody } from "@/lib/organizations/schemas";

const OW = ["organization:write", "organization:read"] as const;

// PATCH …/members/{userId} — change a role; DELETE — remove (owners and admins; only owners touch owners; never the last owner)
export const PATCH = route({ scopes: [...OW], permission: "members.manage", params: memberParams, body: updateMemberBody }, async ({ ctx, params, body }) =>
  ok(await changeMemberRole(ctx, params.userId, body.role)));
export const DELETE = route({ scopes: [...OW], permission: "members.manage", params: memberParams }, async ({ ctx, params }) =>
  ok(await removeMember(ctx, params.userId)));
