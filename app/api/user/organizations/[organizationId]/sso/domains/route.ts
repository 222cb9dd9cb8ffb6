import { orgParams, route } from "@/lib/api/route";
import { created } from "@/lib/api/envelope";
import { claimDomain } from "@/lib/sso/sso-config";
import { claimDomainBody } from "@/lib/sso/schemas";

// POST …/sso/domains — claim an email domain; answers the TXT record that proves it
export const POST = route({ scopes: ["organization:write", "organization:read"], permission: "sso.manage", params: orgParams, body: claimDomainBody },
  async ({ ctx, body }) => created(await claimDomain(ctx, body.domain)));
