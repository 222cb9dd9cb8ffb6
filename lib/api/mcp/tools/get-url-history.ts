import { z } from "zod";
import { listUrlHistory } from "@/lib/inspections/list-url-history";
import { urlHistoryQuery } from "@/lib/inspections/schemas";
import { getProjectUrlHistoryOp } from "../../operations/inspections";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, urlId, READ, pick, keysOf, uid } from "../tool";

const historyInput = z.object({ projectId, urlId, ...urlHistoryQuery.shape });

export const getUrlHistoryTool: ToolDef = {
  name: "get_url_history", title: "A URL's history",
  description: "A tracked URL's audits and Google (`kind: engineA`) and Bing (`kind: engineB`) answers, newest first, paginated; `kind` keeps one kind. "
    + "Engine entries hold the raw fields that decided the state and, for a drop from the index, `droppedFrom` and `dropCause`.",
  input: historyInput, annotations: READ,
  run: async (caller, args) => {
    const { data, meta } = await callOperation(caller, getProjectUrlHistoryOp, { ids: uid(args), query: pick(args, keysOf(urlHistoryQuery)) },
      ({ ctx, params, query }) => listUrlHistory(ctx, params.id, params.urlId, query));
    return { entries: data, meta };
  },
};
