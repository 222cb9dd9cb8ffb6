import type { ProjectListParams } from "@/lib/queries/projects";

export const PROJECTS_PAGE_SIZE = 20;

const first = (v: string | string[] | null | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** `?q=…&page=N` of the projects list (page 1-based; anything else is page 1). */
export function projectListParams(search: { q?: string | string[]; page?: string | string[] }): ProjectListParams {
  const n = Number(first(search.page));
  const page = Number.isInteger(n) && n >= 1 ? n : 1;
  return { q: first(search.q).trim().slice(0, 255), offset: (page - 1) * PROJECTS_PAGE_SIZE, limit: PROJECTS_PAGE_SIZE };
}

export function projectListHref({ q, offset }: Pick<ProjectListParams, "q" | "offset">): string {
  const qs = new URLSearchParams();
  if (q) qs.set("q", q);
  const page = Math.floor(offset / PROJECTS_PAGE_SIZE) + 1;
  if (page > 1) qs.set("page", String(page));
  const s = qs.toString();
  return s ? `/projects?${s}` : "/projects";
}
