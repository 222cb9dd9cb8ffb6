import { route } from "@/lib/api/route";
import { deleteBrandingLogoOp, getBrandingLogoOp, putBrandingLogoOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { readBodyBytes } from "@/lib/api/read-body";
import { deleteBrandingLogo } from "@/lib/organizations/delete-branding-logo";
import { getBrandingLogo } from "@/lib/organizations/get-branding-logo";
import { MAX_LOGO_BYTES } from "@/lib/organizations/logo-image";
import { setBrandingLogo } from "@/lib/organizations/set-branding-logo";

// GET/PUT/DELETE /api/user/organizations/{organizationId}/branding/logo — the logo file; upload (the image as the body); remove
export const GET = route(getBrandingLogoOp, async ({ ctx }) => {
  const logo = await getBrandingLogo(ctx);
  return new Response(new Uint8Array(logo.bytes), {
    headers: { "content-type": logo.mimeType, "cache-control": "private, no-cache", "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" },
  });
});
export const PUT = route(putBrandingLogoOp, async ({ ctx, req }) => ok(await setBrandingLogo(ctx, await readBodyBytes(req, MAX_LOGO_BYTES))));
export const DELETE = route(deleteBrandingLogoOp, async ({ ctx }) => ok(await deleteBrandingLogo(ctx)));
