import { route } from "@/lib/api/route";
import { createOrganization } from "@/lib/organizations/manage-organization";
import { createOrganizationBody } from "@/lib/organizations/schemas";
import { created, ok } from "@/lib/api/envelope";
import { listOrganizations } from "@/lib/organizations/list-organizations";

// GET /api/user/organizations — the caller's organizations with role and credit balance
export const GET = route({ scopes: ["organization:read"] }, async ({ ctx }) => ok(await listOrganizations(ctx)));

// POST /api/user/organizations — a new organization with the caller as owner (an agency keeps one per client)
export const POST = route({ scopes: ["user:write"], body: createOrganizationBody }, async ({ ctx, body }) => created(await createOrganization(ctx, body)));
