import { z } from "zod";
import { cancelRemoval } from "@/lib/removals/cancel-removal";
import { deleteRemovalOp } from "../../operations/removals";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, removalId } from "../tool";

const cancelRemovalInput = z.object({ projectId, removalId });

export const cancelRemovalTool: ToolDef = {
  name: "cancel_removal", title: "Cancel a removal",
  description: "Cancels a removal batch: its URLs not yet removed are no longer followed (nor asked about, nor submitted to IndexNow) and are free "
    + "for another removal, its stuck issue resolves, and its public removal sitemap stops answering. Cannot be undone (declare again instead); URLs "
    + "already removed stay removed. Cancelling a batch that is no longer active changes nothing. Costs nothing.",
  input: cancelRemovalInput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: async (caller, args) => {
    const ids = { id: args.projectId, removalId: args.removalId };
    return { removal: await callOperation(caller, deleteRemovalOp, { ids }, ({ ctx, params }) => cancelRemoval(ctx, params.id, params.removalId)) };
  },
};
