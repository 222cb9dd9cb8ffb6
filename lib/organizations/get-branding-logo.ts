import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { brandingOf } from "./branding";

/** The logo file; 404 when the organization has none. */
export async function getBrandingLogo(ctx: OrgCtx): Promise<{ bytes: Buffer; mimeType: string }> {
  const { logo } = await brandingOf(ctx.org.id);
  if (!logo) throw new DomainError("NOT_FOUND", "This organization has no logo");
  return { bytes: logo.bytes, mimeType: logo.mimeType };
}
