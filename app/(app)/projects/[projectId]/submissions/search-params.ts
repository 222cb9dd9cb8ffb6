import type { Page } from "@/lib/queries/urls";

export const SUBMISSIONS_PAGE_SIZE = 20;

/** `?page=N`, 1-based; anything else is page 1. */
export function pageFrom(value: string | string[] | null | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const submissionsRange = (page: number): Page => ({ offset: (page - 1) * SUBMISSIONS_PAGE_SIZE, limit: SUBMISSIONS_PAGE_SIZE });

export const submissionsHref = (pathname: string, page: number) => (page > 1 ? `${pathname}?page=${page}` : pathname);

export const SUBMISSION_URLS_PAGE_SIZE = 50;
export const submissionUrlsRange = (page: number): Page => ({ offset: (page - 1) * SUBMISSION_URLS_PAGE_SIZE, limit: SUBMISSION_URLS_PAGE_SIZE });
