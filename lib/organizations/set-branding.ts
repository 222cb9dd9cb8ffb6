import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { toBrandingResponse } from "./branding";
import { lockOrganization } from "./internal";
import type { brandingBody, BrandingResponse } from "./schemas";

/** Sets the display name and accent colour (null clears one); the logo is left as it is. */
export async function setBranding(ctx: OrgCtx, input: z.infer<typeof brandingBody>): Promise<BrandingResponse> {
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const data = { displayName: input.displayName, accentColor: input.accentColor };
    await tx.organizationBranding.upsert({ where: { organizationId: ctx.org.id }, create: { organizationId: ctx.org.id, ...data }, update: data });
    await recordAudit({ action: "organization.updated", ...auditActor(ctx), target: { type: "organization", id: ctx.org.id }, metadata: { branding: data } }, ctx);
    return toBrandingResponse(ctx.org.id, ctx);
  });
}
