import type { Ctx } from "@/lib/core/context";
import { orgId, toOrganizationResponse } from "./internal";
import type { OrganizationResponse } from "./schemas";

export async function getOrganization(ctx: Ctx): Promise<OrganizationResponse> {
  return toOrganizationResponse(orgId(ctx), ctx.org!.role);
}
