import type { OrgCtx } from "@/lib/core/context";
import { toBrandingResponse } from "./branding";
import type { BrandingResponse } from "./schemas";

export async function getBranding(ctx: OrgCtx): Promise<BrandingResponse> {
  return toBrandingResponse(ctx.org.id);
}
