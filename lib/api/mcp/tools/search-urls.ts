import { z } from "zod";
import { listUrls } from "@/lib/urls/list-urls";
import { listUrlsQuery } from "@/lib/urls/schemas";
import { getProjectUrlsOp } from "../../operations/urls";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, READ, ENGINES, pick, keysOf, pid, urlRow } from "../tool";

const searchUrlsInput = z.object({ projectId, ...listUrlsQuery.shape });

export const searchUrlsTool: ToolDef = {
  name: "search_urls", title: "Search and filter URLs",
  description: "The project's tracked URLs with the URL list's filters (health, indexability, Google state `engineAState`, Bing state "
    + "`engineBState`, source, open issues, stale, audit/engine disagreement, verdict age, not crawled by Googlebot), sort and pagination "
    + "(limit ≤ 100, `meta.total` exact). Not indexed by Google: engineAState crawled_not_indexed, discovered_not_indexed, excluded or blocked; "
    + "`disagreement: indexable_not_in_engine` finds indexable pages an engine does not index. Flags are the strings \"true\"/\"false\". " + ENGINES,
  input: searchUrlsInput, annotations: READ,
  run: async (caller, args) => {
    const { data, meta } = await callOperation(caller, getProjectUrlsOp, { ids: pid(args), query: pick(args, keysOf(listUrlsQuery)) },
      ({ ctx, params, query }) => listUrls(ctx, params.id, query));
    return { urls: data.map(urlRow), meta };
  },
};
