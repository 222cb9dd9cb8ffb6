import { route } from "@/lib/api/route";
import { postProjectDnsTokenOp } from "@/lib/api/operations/verification";
import { ok } from "@/lib/api/envelope";
import { rotateDnsToken } from "@/lib/verification";

// POST …/projects/{id}/dns-token — a new 64-hex DNS token on every call; clears dnsVerifiedAt
export const POST = route(postProjectDnsTokenOp, async ({ ctx, params }) => ok(await rotateDnsToken(ctx, params.id)));
