import { z } from "zod";
import { declareRemoval } from "@/lib/removals/declare-removal";
import { CreateRemovalBody } from "@/lib/removals/schemas";
import { postRemovalsOp } from "../../operations/removals";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, confirm, pick, keysOf, pid, requireConfirm } from "../tool";

const declareRemovalInput = z.object({ projectId, ...CreateRemovalBody.shape, confirm });
const REMOVAL_COST = "no credits; while a URL is followed, up to one Google URL Inspection (the Search Console daily quota) and one Bing check a day, "
  + "and one IndexNow submission once our audit confirms the site serves the removal";
const REMOVAL_PROGRESS = "The hourly removals job audits each URL and asks Google and Bing: read the progress with get_removal (per URL) and list_removals.";

export const declareRemovalTool: ToolDef = {
  name: "declare_removal", title: "Declare a removal (URLs that should leave the index)",
  description: "SPENDS QUOTA, no credits. Declares tracked URLs of the project as leaving Google's and Bing's index, with one intent: gone (the pages "
    + "answer 404/410), redirected (permanently, to `redirectTarget` or each URL's own), noindexed or blocked (robots.txt; a blocked page can stay "
    + "indexed). Give `urlIds` (from search_urls), `urls`, or `filter` (search_urls' filters: every matching URL, at most 10,000). From then on our "
    + "audit checks each URL, Google and Bing are asked about it (within the Search Console URL Inspection quota, at most once a day per URL) and, once "
    + "the site confirms, the URL is submitted to IndexNow like a changed page: this changes what IndexWatch tells the search engines. Returns at once "
    + "with the batch and its warnings; nothing waits for the engines. Refused unless called with `confirm: true` after the user agreed. "
    + "A URL already in an active removal is a CONFLICT (with `filter`: left out). cancel_removal undoes it. " + REMOVAL_PROGRESS,
  input: declareRemovalInput, cost: REMOVAL_COST,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (caller, args) => {
    const removal = await callOperation(caller, postRemovalsOp, { ids: pid(args), body: pick(args, keysOf(CreateRemovalBody)) }, async ({ ctx, params, body }) => {
      requireConfirm("declare_removal", args, REMOVAL_COST);
      return declareRemoval(ctx, params.id, body);
    });
    return { removal, cost: { credits: 0, quota: REMOVAL_COST }, progress: REMOVAL_PROGRESS };
  },
};
