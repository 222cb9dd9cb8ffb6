import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { getVerification } from "@/lib/verification";

// GET …/projects/{id}/verification — the ownership proofs: DNS record to publish, IndexNow key file, timestamps
export const GET = route({ scopes: R, params: projectParams }, async ({ ctx, params }) => ok(await getVerification(ctx, params.id)));
