import { z } from "zod";
import { getRemoval, listRemovalUrls } from "@/lib/removals/read-removals";
import { listRemovalUrlsQuery } from "@/lib/removals/schemas";
import { getRemovalOp, getRemovalUrlsOp } from "../../operations/removals";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, removalId, READ, pick, keysOf } from "../tool";

const removalUrlsQuery = listRemovalUrlsQuery.omit({ format: true });
const getRemovalInput = z.object({ projectId, removalId, ...removalUrlsQuery.shape });

export const getRemovalTool: ToolDef = {
  name: "get_removal", title: "One removal and its URLs",
  description: "One removal batch with Google's and Bing's progress, and a page of its URLs (stuck first; `state` filters): what our audit sees and "
    + "each engine's last state, when it dropped the URL and after how many days.",
  input: getRemovalInput, annotations: READ,
  run: async (caller, args) => {
    const ids = { id: args.projectId, removalId: args.removalId };
    const [removal, urls] = await Promise.all([
      callOperation(caller, getRemovalOp, { ids }, ({ ctx, params }) => getRemoval(ctx, params.id, params.removalId)),
      callOperation(caller, getRemovalUrlsOp, { ids, query: pick(args, keysOf(removalUrlsQuery)) },
        ({ ctx, params, query }) => listRemovalUrls(ctx, params.id, params.removalId, query)),
    ]);
    return { removal, urls: urls.data, meta: urls.meta };
  },
};
