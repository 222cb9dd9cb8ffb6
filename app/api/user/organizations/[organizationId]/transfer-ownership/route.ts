import { route } from "@/lib/api/route";
import { postOrganizationTransferOwnershipOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { transferOwnership } from "@/lib/organizations/transfer-ownership";

// POST …/transfer-ownership — another member becomes owner; the caller stays as admin
export const POST = route(postOrganizationTransferOwnershipOp,
  async ({ ctx, body }) => ok(await transferOwnership(ctx, body.userId)));
