import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { verifyDns } from "@/lib/verification";

// POST …/projects/{id}/verify-dns — look up the TXT record at _service.{domain} now (409 CONFLICT without a token)
export const POST = route({ scopes: W, params: projectParams }, async ({ ctx, params }) => ok(await verifyDns(ctx, params.id)));
