// OpenAPI registrations of the statistics over time: daily snapshots and time to index.
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { snapshotsQuery, WebsiteSnapshotResponse } from "@/lib/snapshots/schemas";
import { IndexingMetricsResponse, indexingMetricsQuery } from "@/lib/metrics/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";

export const getProjectSnapshotsOp = defineOperation({
  method: "GET", path: `${P}/snapshots`, tags: ["Statistics"], scopes: R, params: projectParams, query: snapshotsQuery,
  response: WebsiteSnapshotResponse, responseIsList: true,
  summary: "Daily snapshots of the counters",
  description: "One immutable snapshot per UTC date, taken just after the date ends from the live counters (reconciled hourly), for the "
    + "`days` dates before today, oldest first, without meta. `days` is clamped to 1-365 (default 30); a value that is not a number is a 400. "
    + "A date with no snapshot (the service was down when it ended, or the project did not exist) is absent, never filled in later.",
});

export const getProjectMetricsIndexingOp = defineOperation({
  method: "GET", path: `${P}/metrics/indexing`, tags: ["Statistics"], scopes: R, params: projectParams, query: indexingMetricsQuery,
  response: IndexingMetricsResponse,
  summary: "Time to index, and time to removal",
  description: "For the URLs first seen by IndexWatch in the last `days` days: per engine (`any` = Google or Bing, whichever first; `engineA` = Google; `engineB` = Bing) the URLs, "
    + "how many that engine has said indexed, the median and 90th-percentile hours from first seen to first indexed (null when none; an engine "
    + "that already had the page counts 0), and the shares (0-1) of the window's URLs indexed within 7 and 30 days. `groupBy=pathPrefix` "
    + "splits by the first `depth` directories of the path (`/blog/`; top-level pages are `/`), the 50 largest groups first. "
    + "`days` and `depth` are clamped (1-365, 1-3); a value that is not a number is a 400. "
    + "`timeToRemoval` sets time to removal beside it, for the whole project: over the URLs of removals (`…/removals`) that an engine dropped in the last "
    + "`days` days, per engine (`engineA` Google, `engineB` Bing, `all` every connected engine: the removal's end) how many, and the median and 90th-percentile "
    + "hours from the declaration to the drop; `following` and `stuck` count the URLs of removals followed now.",
});
