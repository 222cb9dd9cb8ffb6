import { route } from "@/lib/api/route";
import { postOrganizationSsoDomainsOp } from "@/lib/api/operations/sso";
import { created } from "@/lib/api/envelope";
import { claimDomain } from "@/lib/sso/claim-domain";

// POST …/sso/domains — claim an email domain; answers the TXT record that proves it
export const POST = route(postOrganizationSsoDomainsOp,
  async ({ ctx, body }) => created(await claimDomain(ctx, body.domain)));
