import { z } from "zod";
import { indexingMetricsQuery } from "@/lib/metrics/schemas";
import { indexingMetrics } from "@/lib/metrics/time-to-index";
import { listSnapshots } from "@/lib/snapshots/list-snapshots";
import { snapshotsQuery } from "@/lib/snapshots/schemas";
import { getProjectMetricsIndexingOp, getProjectSnapshotsOp } from "../../operations/snapshots";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, READ, pick, keysOf, pid } from "../tool";

const trendsInput = z.object({ projectId, ...indexingMetricsQuery.shape, ...snapshotsQuery.shape });

export const getTrendsTool: ToolDef = {
  name: "get_trends", title: "Trends: daily snapshots and time to index",
  description: "Daily snapshots of the counters for the last `days` days (oldest first; a day the service missed is absent) and time to "
    + "index: for URLs first seen in the window, per engine (`any`, Google `engineA`, Bing `engineB`) how many are indexed, the median and "
    + "90th-percentile hours to first indexed, and the shares indexed within 7 and 30 days; `groupBy: pathPrefix` splits by directory. Beside it, "
    + "time to removal (`timeToIndex.timeToRemoval`): for URLs of removals dropped in the window, per engine the median and 90th-percentile hours from "
    + "declaration to drop, and how many URLs of removals are still followed or stuck.",
  input: trendsInput, annotations: READ,
  run: async (caller, args) => {
    const ids = pid(args);
    const [snapshots, timeToIndex] = await Promise.all([
      callOperation(caller, getProjectSnapshotsOp, { ids, query: pick(args, keysOf(snapshotsQuery)) }, ({ ctx, params, query }) => listSnapshots(ctx, params.id, query.days)),
      callOperation(caller, getProjectMetricsIndexingOp, { ids, query: pick(args, keysOf(indexingMetricsQuery)) },
        ({ ctx, params, query }) => indexingMetrics(ctx, params.id, query)),
    ]);
    return { snapshots, timeToIndex };
  },
};
