import { route } from "@/lib/api/route";
import { getProjectVerificationOp } from "@/lib/api/operations/verification";
import { ok } from "@/lib/api/envelope";
import { getVerification } from "@/lib/verification";

// GET …/projects/{id}/verification — the ownership proofs: DNS record to publish, IndexNow key file, timestamps
export const GET = route(getProjectVerificationOp, async ({ ctx, params }) => ok(await getVerification(ctx, params.id)));
