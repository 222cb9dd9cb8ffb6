import { route } from "@/lib/api/route";
import { postOrganizationSsoDomainVerifyOp } from "@/lib/api/operations/sso";
import { ok } from "@/lib/api/envelope";
import { verifyDomain } from "@/lib/sso/verify-domain";

// POST …/sso/domains/{domain}/verify — look the TXT record up now
export const POST = route(postOrganizationSsoDomainVerifyOp,
  async ({ ctx, params }) => ok(await verifyDomain(ctx, params.domain)));
