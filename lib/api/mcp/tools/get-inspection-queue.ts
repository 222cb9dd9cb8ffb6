import { z } from "zod";
import { getActivationPreview } from "@/lib/projects/get-activation-preview";
import { getProjectActivationPreviewOp } from "../../operations/projects";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, READ, pid } from "../tool";

const overviewInput = z.object({ projectId });

export const getInspectionQueueTool: ToolDef = {
  name: "get_inspection_queue", title: "Inspection queue and credits",
  description: "How inspections of the project stand: URLs waiting in the \"check again\" queue, URLs due, the next scheduled inspection, "
    + "URLs audited this cycle, the organization's credit balance and whether automation waits for credits. Read progress here after check_again.",
  input: overviewInput, annotations: READ,
  run: async (caller, args) => callOperation(caller, getProjectActivationPreviewOp, { ids: pid(args) }, ({ ctx, params }) => getActivationPreview(ctx, params.id)),
};
