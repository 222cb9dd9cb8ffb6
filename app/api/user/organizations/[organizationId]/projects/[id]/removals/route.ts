import { route } from "@/lib/api/route";
import { getRemovalsOp, postRemovalsOp } from "@/lib/api/operations/removals";
import { created, ok } from "@/lib/api/envelope";
import { declareRemoval } from "@/lib/removals/declare-removal";
import { listRemovals } from "@/lib/removals/read-removals";

// GET …/projects/{id}/removals — removal batches (stuck first) + meta.suggestions
export const GET = route(getRemovalsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listRemovals(ctx, params.id, query);
  return ok(data, { meta });
});

// POST …/projects/{id}/removals — declare a removal, 201 with warnings
export const POST = route(postRemovalsOp, async ({ ctx, params, body }) => created(await declareRemoval(ctx, params.id, body)));
