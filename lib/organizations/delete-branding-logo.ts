import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { toBrandingResponse } from "./branding";
import { lockOrganization } from "./internal";
import type { BrandingResponse } from "./schemas";

/** Removes the logo (nothing to remove is not an error). */
export async function deleteBrandingLogo(ctx: OrgCtx): Promise<BrandingResponse> {
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const { count } = await tx.organizationBranding.updateMany({
      where: { organizationId: ctx.org.id, logo: { not: null } },
      data: { logo: null, logoMimeType: null, logoWidth: null, logoHeight: null, logoUpdatedAt: null },
    });
    if (count) await recordAudit({ action: "organization.updated", ...auditActor(ctx), target: { type: "organization", id: ctx.org.id }, metadata: { brandingLogo: null } }, ctx);
    return toBrandingResponse(ctx.org.id, ctx);
  });
}
