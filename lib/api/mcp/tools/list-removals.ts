import { z } from "zod";
import { listRemovals } from "@/lib/removals/read-removals";
import { listRemovalsQuery } from "@/lib/removals/schemas";
import { getRemovalsOp } from "../../operations/removals";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, READ, pick, keysOf, pid } from "../tool";

const listRemovalsInput = z.object({ projectId, ...listRemovalsQuery.shape });

export const listRemovalsTool: ToolDef = {
  name: "list_removals", title: "Removals: batches and their progress",
  description: "The project's removal batches (URLs declared as leaving the index: gone, redirected, noindexed or blocked), stuck ones first, with "
    + "per-state counts, each engine's progress (Google `engineA`, Bing `engineB`) and why stuck URLs are stuck; `meta.suggestions` lists URLs that "
    + "left the sitemap and now answer 404/410 or redirect (offered as removals, never declared by themselves).",
  input: listRemovalsInput, annotations: READ,
  run: async (caller, args) => {
    const { data, meta } = await callOperation(caller, getRemovalsOp, { ids: pid(args), query: pick(args, keysOf(listRemovalsQuery)) },
      ({ ctx, params, query }) => listRemovals(ctx, params.id, query));
    return { removals: data, meta };
  },
};
