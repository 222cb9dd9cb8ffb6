import { z } from "zod";
import { getUrlGoogleCheck } from "@/lib/coverage/get-url-google-check";
import { getUrlCrawlActivity } from "@/lib/crawl-logs/aggregate/get-url-crawl-activity";
import { listUrlHistory } from "@/lib/inspections/list-url-history";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";
import { issueTitle } from "@/lib/issues/issue-types";
import { getUrl } from "@/lib/urls/get-url";
import { listUrlIssues } from "@/lib/urls/list-url-issues";
import { getUrlGoogleCheckOp } from "../../operations/coverage";
import { getUrlCrawlActivityOp } from "../../operations/crawl-logs";
import { getProjectUrlHistoryOp } from "../../operations/inspections";
import { getProjectUrlIssuesOp, getProjectUrlOp } from "../../operations/urls";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, urlId, READ, ENGINES, uid } from "../tool";

const getUrlInput = z.object({ projectId, urlId });

export const getUrlTool: ToolDef = {
  name: "get_url", title: "One URL: audit, Google and Bing, history",
  description: "Everything about one tracked URL: our latest audit (health, HTTP status, redirects, indexability, canonical, meta robots), "
    + "Google's state with its provenance (from a URL inspection or Search Analytics impressions, when observed, why and whether Google is "
    + "due to be asked again), Bing's state and when observed, its open issues, the 10 latest history entries (audits and engine answers, with "
    + "drop causes) and 30 days of verified crawler visits from server logs (empty without uploaded logs). " + ENGINES,
  input: getUrlInput, annotations: READ,
  run: async (caller, args) => {
    const ids = uid(args);
    const [url, issues, googleCheck, history, crawl] = await Promise.all([
      callOperation(caller, getProjectUrlOp, { ids }, ({ ctx, params }) => getUrl(ctx, params.id, params.urlId)),
      callOperation(caller, getProjectUrlIssuesOp, { ids }, ({ ctx, params }) => listUrlIssues(ctx, params.id, params.urlId)),
      callOperation(caller, getUrlGoogleCheckOp, { ids }, ({ ctx, params }) => getUrlGoogleCheck(ctx, params.id, params.urlId)),
      callOperation(caller, getProjectUrlHistoryOp, { ids, query: { limit: 10 } }, ({ ctx, params, query }) => listUrlHistory(ctx, params.id, params.urlId, query)),
      callOperation(caller, getUrlCrawlActivityOp, { ids, query: { days: 30 } }, ({ ctx, params, query }) => getUrlCrawlActivity(ctx, params.id, params.urlId, query.days)),
    ]);
    return {
      url,
      google: { state: url.engineAState, source: url.engineAStateSource, observedAt: url.engineAObservedAt, check: googleCheck },
      bing: { state: url.engineBState, observedAt: url.engineBObservedAt },
      openIssues: issues.map((m) => ({ ...m, title: issueTitle(m.issue.type), whyItMatters: ISSUE_GUIDANCE[m.issue.type]?.whyItMatters, howToFix: ISSUE_GUIDANCE[m.issue.type]?.howToFix })),
      history: { entries: history.data, meta: history.meta, more: "get_url_history pages through the rest" },
      crawlActivity30d: crawl,
    };
  },
};
