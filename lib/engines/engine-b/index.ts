// The second engine's webmaster API (key): site list, URL info, crawl issues, mapping.
export { listSites, type EngineBSite } from "./list-sites";
export { getUrlInfo, type EngineBUrlInfo } from "./get-url-info";
export { getCrawlIssues, crawlIssueBlocksServing, type EngineBCrawlIssue } from "./get-crawl-issues";
export { mapUrlInfoToEngineBState, type EngineBObservation, type EngineBState } from "./map-url-info";
export { parseServiceDate } from "./dates";
