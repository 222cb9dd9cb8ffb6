import { route } from "@/lib/api/route";
import { deleteRemovalOp, getRemovalOp } from "@/lib/api/operations/removals";
import { ok } from "@/lib/api/envelope";
import { cancelRemoval } from "@/lib/removals/cancel-removal";
import { getRemoval } from "@/lib/removals/read-removals";

// GET …/removals/{removalId} — one batch with per-engine progress
export const GET = route(getRemovalOp, async ({ ctx, params }) => ok(await getRemoval(ctx, params.id, params.removalId)));

// DELETE …/removals/{removalId} — cancel it (its public sitemap is revoked)
export const DELETE = route(deleteRemovalOp, async ({ ctx, params }) => ok(await cancelRemoval(ctx, params.id, params.removalId), { message: "Removal cancelled" }));
