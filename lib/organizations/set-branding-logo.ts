import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { toBrandingResponse } from "./branding";
import { lockOrganization } from "./internal";
import { readLogoImage } from "./logo-image";
import type { BrandingResponse } from "./schemas";

/** Stores the logo (a PNG or JPEG checked by readLogoImage; the caller enforces MAX_LOGO_BYTES while reading). */
export async function setBrandingLogo(ctx: OrgCtx, bytes: Uint8Array, now = new Date()): Promise<BrandingResponse> {
  const image = readLogoImage(bytes);
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const data = { logo: Buffer.from(bytes), logoMimeType: image.mimeType, logoWidth: image.width, logoHeight: image.height, logoUpdatedAt: now };
    await tx.organizationBranding.upsert({ where: { organizationId: ctx.org.id }, create: { organizationId: ctx.org.id, ...data }, update: data });
    await recordAudit({
      action: "organization.updated", ...auditActor(ctx), target: { type: "organization", id: ctx.org.id },
      metadata: { brandingLogo: { mimeType: image.mimeType, width: image.width, height: image.height, bytes: bytes.byteLength } },
    }, ctx);
    return toBrandingResponse(ctx.org.id, ctx);
  });
}
