import type { Page } from "@/lib/queries/urls";

export const IMPORTS_PAGE_SIZE = 10;

/** `?page=N` of the history and `?import=<id>`, the import shown above it. */
export type ImportsSearch = { page: number; importId: string | null };
type Get = (key: string) => string | null | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseImportsSearch(get: Get): ImportsSearch {
  const n = Number(get("page"));
  const id = get("import");
  return { page: Number.isInteger(n) && n >= 1 ? n : 1, importId: id && UUID.test(id) ? id : null };
}

export const importsRange = (page: number): Page => ({ offset: (page - 1) * IMPORTS_PAGE_SIZE, limit: IMPORTS_PAGE_SIZE });

export function importsHref(pathname: string, s: ImportsSearch): string {
  const qs = new URLSearchParams();
  if (s.importId) qs.set("import", s.importId);
  if (s.page > 1) qs.set("page", String(s.page));
  const q = qs.toString();
  return q ? `${pathname}?${q}` : pathname;
}
