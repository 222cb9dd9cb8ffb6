import type { Page } from "@/lib/queries/account";

export const HISTORY_PAGE_SIZE = 10;

/** `?page=N` of the login history, 1-based; anything else is page 1. */
export function historyPageFrom(value: string | string[] | null | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function historyRange(page: number): Page {
  return { offset: (page - 1) * HISTORY_PAGE_SIZE, limit: HISTORY_PAGE_SIZE };
}

export function historyHref(pathname: string, page: number): string {
  return page > 1 ? `${pathname}?page=${page}` : pathname;
}
