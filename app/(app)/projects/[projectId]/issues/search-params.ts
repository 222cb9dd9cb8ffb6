import type { IssueFilters, IssueStatus } from "@/lib/queries/issues";
import type { Page } from "@/lib/queries/urls";

/** The status tabs of the issues page; "open" when the address says nothing. */
export const STATUS_TABS = ["open", "ignored", "resolved", "all"] as const;
export type StatusTab = (typeof STATUS_TABS)[number];
type Get = (key: string) => string | null | undefined;

export function statusTabFrom(get: Get): StatusTab {
  const v = get("status");
  return (STATUS_TABS as readonly string[]).includes(v ?? "") ? (v as StatusTab) : "open";
}

export const issueFilters = (tab: StatusTab): IssueFilters => (tab === "all" ? {} : { status: tab as IssueStatus });

export const statusHref = (pathname: string, tab: StatusTab) => (tab === "open" ? pathname : `${pathname}?status=${tab}`);

export const ISSUE_URLS_PAGE_SIZE = 25;

export function issueUrlsPage(get: Get): Page {
  const n = Number(get("page"));
  const page = Number.isInteger(n) && n >= 1 ? n : 1;
  return { offset: (page - 1) * ISSUE_URLS_PAGE_SIZE, limit: ISSUE_URLS_PAGE_SIZE };
}

export const issueUrlsHref = (pathname: string, offset: number) => {
  const page = Math.floor(offset / ISSUE_URLS_PAGE_SIZE) + 1;
  return page > 1 ? `${pathname}?page=${page}` : pathname;
};

export const fromRecord = (sp: Record<string, string | string[] | undefined>): Get => (k) => {
  const v = sp[k];
  return Array.isArray(v) ? v[0] : v;
};
