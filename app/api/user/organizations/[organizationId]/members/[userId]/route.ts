import { route } from "@/lib/api/route";
import { deleteOrganizationMemberOp, patchOrganizationMemberOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { changeMemberRole } from "@/lib/organizations/change-member-role";
import { removeMember } from "@/lib/organizations/remove-member";


// PATCH …/members/{userId} — change a role; DELETE — remove (owners and admins; only owners touch owners; never the last owner)
export const PATCH = route(patchOrganizationMemberOp, async ({ ctx, params, body }) =>
  ok(await changeMemberRole(ctx, params.userId, body.role)));
export const DELETE = route(deleteOrganizationMemberOp, async ({ ctx, params }) =>
  ok(await removeMember(ctx, params.userId)));
