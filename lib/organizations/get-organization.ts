import type { OrgCtx } from "@/lib/core/context";
import { toOrganizationResponse } from "./internal";
import type { OrganizationResponse } from "./schemas";

export async function getOrganization(ctx: OrgCtx): Promise<OrganizationResponse> {
  return toOrganizationResponse(ctx.org.id, ctx.org.role);
}
