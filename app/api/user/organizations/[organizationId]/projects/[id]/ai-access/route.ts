import { route } from "@/lib/api/route";
import { getAiAccessOp } from "@/lib/api/operations/rendering";
import { ok } from "@/lib/api/envelope";
import { getAiAccess } from "@/lib/rendering/ai-access";

// GET …/projects/{id}/ai-access — what the site allows AI crawlers, per crawler and use
export const GET = route(getAiAccessOp, async ({ ctx, params }) => ok(await getAiAccess(ctx, params.id)));
