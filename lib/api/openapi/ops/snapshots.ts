// OpenAPI registration of the daily snapshots.
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { snapshotsQuery, WebsiteSnapshotResponse } from "@/lib/snapshots/schemas";
import { registerOperation } from "../registry";

const P = "/api/user/organizations/{organizationId}/projects/{id}";

registerOperation({
  method: "GET", path: `${P}/snapshots`, tags: ["Statistics"], scopes: R, params: projectParams, query: snapshotsQuery,
  response: WebsiteSnapshotResponse, responseIsList: true,
  summary: "Daily snapshots of the counters",
  description: "One immutable snapshot per UTC date, taken just after the date ends from the live counters (reconciled hourly), for the "
    + "`days` dates before today, oldest first, without meta. `days` is clamped to 1-365 (default 30); a value that is not a number is a 400. "
    + "A date with no snapshot (the service was down when it ended, or the project did not exist) is absent, never filled in later.",
});
