import { route } from "@/lib/api/route";
import { postProjectVerifyDnsOp } from "@/lib/api/operations/verification";
import { ok } from "@/lib/api/envelope";
import { verifyDns } from "@/lib/verification";

// POST …/projects/{id}/verify-dns — look up the TXT record at _service.{domain} now (409 CONFLICT without a token)
export const POST = route(postProjectVerifyDnsOp, async ({ ctx, params }) => ok(await verifyDns(ctx, params.id)));
