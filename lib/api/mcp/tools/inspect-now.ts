import { z } from "zod";
import { inspectUrlNow } from "@/lib/inspections/inspect-url-now";
import { postProjectUrlInspectOp } from "../../operations/inspections";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, urlId, confirm, uid, requireConfirm, urlRow } from "../tool";

const inspectNowInput = z.object({ projectId, urlId, confirm });

export const inspectNowTool: ToolDef = {
  name: "inspect_now", title: "Inspect one URL now",
  description: "COSTS 1 CREDIT. Audits one tracked URL now (robots.txt, then the page through our crawler: status, redirects, meta robots, "
    + "canonical, WAF challenges) and answers the updated URL. Refused unless called with `confirm: true` after the user agreed to the cost; "
    + "INSUFFICIENT_CREDITS without a credit, RATE_LIMITED while 10 inspections of the project run. For many URLs use check_again.",
  input: inspectNowInput, cost: "1 credit",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (caller, args) => {
    const url = await callOperation(caller, postProjectUrlInspectOp, { ids: uid(args) }, async ({ ctx, params }) => {
      requireConfirm("inspect_now", args, "1 credit");
      return inspectUrlNow({ ctx, projectId: params.id, urlId: params.urlId });
    });
    return { url: urlRow(url), cost: { credits: 1 }, details: "get_url shows the audit's details (every redirect hop, the robots.txt rule) in its history" };
  },
};
