import { route } from "@/lib/api/route";
import { deleteGscPropertyOp } from "@/lib/api/operations/gsc-properties";
import { ok } from "@/lib/api/envelope";
import { removeGscProperty } from "@/lib/connections/gsc-properties";

// DELETE …/projects/{id}/gsc/properties/{propertyId} — remove a pooled property
export const DELETE = route(deleteGscPropertyOp, async ({ ctx, params }) => {
  await removeGscProperty(ctx, params.id, params.propertyId);
  return ok({ id: params.propertyId, deleted: true as const });
});
