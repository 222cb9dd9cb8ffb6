import { route } from "@/lib/api/route";
import { postOrganizationsOp } from "@/lib/api/operations/organizations";
import { getOrganizationsOp } from "@/lib/api/operations/account";
import { createOrganization } from "@/lib/organizations/create-organization";
import { created, ok } from "@/lib/api/envelope";
import { listOrganizations } from "@/lib/organizations/list-organizations";

// GET /api/user/organizations — the caller's organizations with role and credit balance
export const GET = route(getOrganizationsOp, async ({ ctx }) => ok(await listOrganizations(ctx)));

// POST /api/user/organizations — a new organization with the caller as owner (an agency keeps one per client)
export const POST = route(postOrganizationsOp, async ({ ctx, body }) => created(await createOrganization(ctx, body)));
