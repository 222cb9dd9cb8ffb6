import { z } from "zod";
import { UrlDiagnosisResponse } from "@/lib/diagnosis/schemas";
import { UrlGoogleCheckResponse } from "@/lib/coverage/schemas";
import { UrlCrawlDay } from "@/lib/crawl-logs/schemas";
import { UrlHistoryEntryResponse } from "@/lib/inspections/schemas";
import { UrlIssueResponse } from "@/lib/issues/schemas";
import { UrlLinksResponse } from "@/lib/links/schemas";
import { ActivationPreviewResponse } from "@/lib/projects/schemas";
import { RemovalUrlResponse } from "@/lib/removals/schemas";
import { RenderResponse } from "@/lib/rendering/schemas";
import { PerformanceDay } from "@/lib/search-analytics/schemas";
import { UrlFieldChangeResponse } from "@/lib/site-watch/site-changes-schemas";
import { TrackedUrlResponse } from "@/lib/urls/schemas";

/** The first page of the history the URL panel shows (its newest audit carries the hops and the robots.txt rule). */
export const DETAIL_HISTORY_PAGE = { offset: 0, limit: 10 } as const;
/** The ranges the panel opens with: 90 days of Google Search performance and of verified crawler fetches. */
export const DETAIL_PERFORMANCE_DAYS = 90;
export const DETAIL_CRAWL_DAYS = 90;
/** The first page of the URL's field history the panel shows. */
export const DETAIL_FIELD_CHANGES_PAGE = { offset: 0, limit: 10 } as const;

const PageMeta = z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });

/** Everything the URL panel shows, in one read: each part is what its own endpoint answers. */
export const UrlDetailResponse = z.object({
  url: TrackedUrlResponse,
  issues: z.array(UrlIssueResponse).describe("as GET …/urls/{urlId}/issues"),
  history: z.object({ data: z.array(UrlHistoryEntryResponse), meta: PageMeta })
    .describe(`as GET …/urls/{urlId}/history?offset=0&limit=${DETAIL_HISTORY_PAGE.limit}, with its meta`),
  latestAnswers: z.object({ engineA: UrlHistoryEntryResponse.nullable(), engineB: UrlHistoryEntryResponse.nullable() })
    .describe("the newest history entry of each engine (GET …/history?kind=…&limit=1), null when it never answered"),
  googleCheck: UrlGoogleCheckResponse.describe("as GET …/urls/{urlId}/google-check"),
  performance: z.array(PerformanceDay).nullable()
    .describe(`as GET …/urls/{urlId}/performance?days=${DETAIL_PERFORMANCE_DAYS}; null before the first Search Analytics pull (clicks28d null)`),
  crawlActivity: z.array(UrlCrawlDay).describe(`as GET …/urls/{urlId}/crawl-activity?days=${DETAIL_CRAWL_DAYS}`),
  removals: z.array(RemovalUrlResponse).describe("as GET …/urls/{urlId}/removals"),
  render: RenderResponse.nullable().describe("as GET …/urls/{urlId}/render; null before the first render"),
  fieldChanges: z.object({ data: z.array(UrlFieldChangeResponse), meta: PageMeta })
    .describe(`as GET …/urls/{urlId}/changes?offset=0&limit=${DETAIL_FIELD_CHANGES_PAGE.limit}, with its meta`),
  diagnosis: UrlDiagnosisResponse.describe("as GET …/urls/{urlId}/diagnosis: why each engine does not index the URL, with evidence and fix"),
  links: UrlLinksResponse.describe("as GET …/urls/{urlId}/links"),
  activationPreview: ActivationPreviewResponse.describe("the project's, as GET …/activation-preview (the credit balance that enables Inspect now)"),
});
export type UrlDetailResponse = z.infer<typeof UrlDetailResponse>;
