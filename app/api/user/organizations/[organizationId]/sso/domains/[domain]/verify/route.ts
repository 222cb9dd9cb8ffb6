import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { verifyDomain } from "@/lib/sso/sso-config";
import { domainParams } from "@/lib/sso/schemas";

// POST …/sso/domains/{domain}/verify — look the TXT record up now
export const POST = route({ scopes: ["organization:write", "organization:read"], permission: "sso.manage", params: domainParams },
  async ({ ctx, params }) => ok(await verifyDomain(ctx, params.domain)));
