import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { rotateDnsToken } from "@/lib/verification";

// POST …/projects/{id}/dns-token — a new 64-hex DNS token on every call; clears dnsVerifiedAt
export const POST = route({ scopes: W, params: projectParams }, async ({ ctx, params }) => ok(await rotateDnsToken(ctx, params.id)));
