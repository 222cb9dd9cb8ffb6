import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { UrlDetailResponse } from "@/lib/url-detail/schemas";
import { automationKeys } from "./automation";
import { crawlKeys } from "./crawl";
import { diagnosisKeys } from "./diagnosis";
import { linkKeys } from "./links";
import { fetchApi } from "./fetch-api";
import { projectsPath } from "./projects";
import { removalKeys } from "./removals";
import { renderingKeys, type UrlRender } from "./rendering";
import { siteChangeKeys, URL_FIELD_CHANGES_PAGE } from "./site-changes";
import { HISTORY_PAGE, latestEngineAnswerQuery, urlKeys, type ProjectPath, type UrlHistoryEntry } from "./urls";

export type UrlDetail = UrlDetailResponse;

/** The ranges the detail endpoint reads, which the panel opens with (its crawl timeline and performance chart). */
export const DETAIL_DAYS = { performance: 90, crawl: 90 } as const;

/**
 * Puts each part of the detail where the panel's own queries look for it (the same keys as their endpoints'
 * queries), so that they render at once and fetch only when invalidated or when the person pages or changes a range.
 */
export function seedUrlDetail(client: QueryClient, p: ProjectPath, urlId: string, d: UrlDetail) {
  client.setQueryData(urlKeys.one(p, urlId), d.url);
  client.setQueryData(urlKeys.issues(p, urlId), d.issues);
  client.setQueryData(urlKeys.historyPage(p, urlId, HISTORY_PAGE), { data: d.history.data as UrlHistoryEntry[], meta: d.history.meta });
  client.setQueryData<UrlHistoryEntry | null>([...latestEngineAnswerQuery(p, urlId, "engineA").queryKey], d.latestAnswers.engineA as UrlHistoryEntry | null);
  client.setQueryData<UrlHistoryEntry | null>([...latestEngineAnswerQuery(p, urlId, "engineB").queryKey], d.latestAnswers.engineB as UrlHistoryEntry | null);
  client.setQueryData(urlKeys.googleCheck(p, urlId), d.googleCheck);
  if (d.performance) client.setQueryData(urlKeys.performance(p, urlId, DETAIL_DAYS.performance), d.performance);
  client.setQueryData(crawlKeys.url(p, urlId, DETAIL_DAYS.crawl), d.crawlActivity);
  client.setQueryData(removalKeys.ofUrl(p, urlId), d.removals);
  client.setQueryData<UrlRender | null>(renderingKeys.url(p, urlId), d.render);
  client.setQueryData(siteChangeKeys.ofUrl(p, urlId, URL_FIELD_CHANGES_PAGE), d.fieldChanges);
  client.setQueryData(diagnosisKeys.url(p, urlId), d.diagnosis);
  client.setQueryData(automationKeys.preview(p.orgId, p.projectId), d.activationPreview);
  client.setQueryData(linkKeys.url(p, urlId), d.links);
}

/**
 * The URL panel's one read (GET …/urls/{urlId}/detail): it seeds the queries of the panel's parts and answers the URL.
 * Its key sits outside the project's, so that an invalidation after Inspect now refreshes the parts, not this read too.
 */
export const urlDetailQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({
    queryKey: ["url-detail", p.orgId, p.projectId, urlId] as const,
    queryFn: async ({ signal, client }) => {
      const detail = await fetchApi<UrlDetail>(projectsPath(p.orgId, p.projectId, `/urls/${urlId}/detail`), { signal });
      seedUrlDetail(client, p, urlId, detail);
      return detail.url.id;
    },
  });
