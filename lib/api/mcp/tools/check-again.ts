import { z } from "zod";
import { queueInspections } from "@/lib/inspections/queue-inspections";
import { inspectionsBody } from "@/lib/inspections/schemas";
import { postProjectInspectionsOp } from "../../operations/inspections";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, confirm, PROGRESS, pick, keysOf, pid, requireConfirm } from "../tool";

const checkAgainInput = z.object({ projectId, ...inspectionsBody.shape, confirm });

export const checkAgainTool: ToolDef = {
  name: "check_again", title: "Check again (queue URLs for inspection)",
  description: "COSTS CREDITS: 1 credit per URL, charged when the scheduler inspects it. Queues up to 1000 tracked URLs (`urlIds` from "
    + "search_urls), or every URL a search_urls filter matches (`filter` with `expectedCount`, its total; at most 10,000), to be inspected "
    + "first by the scheduler (every 5 minutes): our audit, then Google and Bing are asked again within their quotas. Refused (402) when the "
    + "organization's credits cannot pay for them. Returns at once with what was queued; nothing waits for the inspections. Refused unless "
    + "called with `confirm: true` after the user agreed to the cost. " + PROGRESS,
  input: checkAgainInput, cost: "1 credit per queued URL, charged when it is inspected",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (caller, args) => {
    const result = await callOperation(caller, postProjectInspectionsOp, { ids: pid(args), body: pick(args, keysOf(inspectionsBody)) }, async ({ ctx, params, body }) => {
      requireConfirm("check_again", args, "1 credit per queued URL, charged when it is inspected");
      return queueInspections({ ctx, projectId: params.id, input: body });
    });
    return {
      ...result,
      cost: { creditsPerUrl: 1, atMostCredits: result.queued, charged: "when each queued URL is inspected" },
      progress: PROGRESS,
    };
  },
};
