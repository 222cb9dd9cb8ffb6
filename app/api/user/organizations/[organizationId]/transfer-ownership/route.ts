import { orgParams, route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { transferOwnership } from "@/lib/organizations/members";
import { transferOwnershipBody } from "@/lib/organizations/schemas";

// POST …/transfer-ownership — another member becomes owner; the caller stays as admin
export const POST = route({ scopes: ["organization:write", "organization:read"], permission: "ownership.transfer", params: orgParams, body: transferOwnershipBody },
  async ({ ctx, body }) => ok(await transferOwnership(ctx, body.userId)));
