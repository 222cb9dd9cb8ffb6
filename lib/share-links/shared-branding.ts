import { brandingOf } from "@/lib/organizations/branding";
import { resolveShareToken, type SharedProject } from "./resolve-share-link";

// The sharing organization's branding on its share pages: the name it shows (never a personal organization's,
// which is made from its owner's email), its accent colour, and its logo at /share/{token}/logo.

export type SharedBranding = { name: string | null; accentColor: string; hasLogo: boolean };

export async function sharedBranding(shared: SharedProject): Promise<SharedBranding> {
  const { name, accentColor, hasLogo } = await brandingOf(shared.organizationId, { withLogo: false });
  return { name, accentColor, hasLogo };
}

/** The logo a live token's organization shows, or null (no logo, or a token that opens nothing); no view is counted. */
export async function sharedLogo(token: string, now = new Date()): Promise<{ bytes: Buffer; mimeType: string } | null> {
  const shared = await resolveShareToken(token, now);
  if (!shared) return null;
  const { logo } = await brandingOf(shared.organizationId);
  return logo ? { bytes: logo.bytes, mimeType: logo.mimeType } : null;
}
