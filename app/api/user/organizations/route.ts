import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { listOrganizations } from "@/lib/organizations/list-organizations";

// GET /api/user/organizations — the caller's organizations with role and credit balance
export const GET = route({ scopes: ["organization:read"] }, async ({ ctx }) => ok(await listOrganizations(ctx)));
