import { route } from "@/lib/api/route";
import { getBrandingOp, putBrandingOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { getBranding } from "@/lib/organizations/get-branding";
import { setBranding } from "@/lib/organizations/set-branding";

// GET/PUT /api/user/organizations/{organizationId}/branding — the name and colour of client reports and share pages
export const GET = route(getBrandingOp, async ({ ctx }) => ok(await getBranding(ctx)));
export const PUT = route(putBrandingOp, async ({ ctx, body }) => ok(await setBranding(ctx, body)));
