import type { Ctx } from "@/lib/core/context";
import { db, dbOf } from "@/lib/db";
import type { BrandingResponse } from "./schemas";

// An organization's branding as client reports and share pages use it: the name they show (its display name, else
// the organization's name unless it is a personal one), the accent colour, the logo bytes. Rows exist only once
// something was set.

export const DEFAULT_ACCENT = "#1d4ed8";

export type Branding = {
  name: string | null;
  accentColor: string;
  /** Whether a logo is stored (also when its bytes were not read). */
  hasLogo: boolean;
  logo: { bytes: Buffer; mimeType: "image/png" | "image/jpeg"; width: number; height: number } | null;
};

/** What reports and share pages show for this organization (no logo bytes when `withLogo` is false). */
export async function brandingOf(organizationId: string, { withLogo = true } = {}): Promise<Branding> {
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { name: true, personal: true, branding: { select: { displayName: true, accentColor: true, logo: withLogo, logoMimeType: true, logoWidth: true, logoHeight: true } } },
  });
  const b = org?.branding;
  const hasLogo = Boolean(b?.logoMimeType && b.logoWidth && b.logoHeight);
  return {
    name: b?.displayName ?? (org && !org.personal ? org.name : null),
    accentColor: b?.accentColor ?? DEFAULT_ACCENT,
    hasLogo,
    logo: hasLogo && withLogo && b?.logo ? { bytes: Buffer.from(b!.logo!), mimeType: b!.logoMimeType as "image/png" | "image/jpeg", width: b!.logoWidth!, height: b!.logoHeight! } : null,
  };
}

export async function toBrandingResponse(organizationId: string, ctx?: Ctx): Promise<BrandingResponse> {
  const tx = ctx ? dbOf(ctx) : db;
  const org = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, personal: true } });
  const [row] = await tx.$queryRaw<{ display_name: string | null; accent_color: string | null; logo_mime_type: string | null; logo_width: number | null; logo_height: number | null; logo_bytes: number | null; logo_updated_at: Date | null }[]>`
    SELECT display_name, accent_color, logo_mime_type, logo_width, logo_height, octet_length(logo) AS logo_bytes, logo_updated_at
    FROM organization_brandings WHERE organization_id = ${organizationId}::uuid`;
  const logo = row?.logo_bytes && row.logo_mime_type && row.logo_width && row.logo_height && row.logo_updated_at
    ? { mimeType: row.logo_mime_type as "image/png" | "image/jpeg", width: row.logo_width, height: row.logo_height, bytes: Number(row.logo_bytes), updatedAt: row.logo_updated_at.toISOString() }
    : null;
  return {
    displayName: row?.display_name ?? null, accentColor: row?.accent_color ?? null, logo,
    shownName: row?.display_name ?? (org.personal ? null : org.name),
  };
}

/**
 * The accent as text on white: itself when it reads (contrast at least 4.5:1), else the default blue. Light accents
 * still colour rules and bands; text keeps a readable colour.
 */
export function readableAccent(hex: string): string {
  return contrastOnWhite(hex) >= 4.5 ? hex : DEFAULT_ACCENT;
}

function contrastOnWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05);
}
