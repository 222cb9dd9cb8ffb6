import { PORTFOLIO_SORTS, type PortfolioSortField } from "@/lib/portfolio/schemas";
import type { PortfolioParams } from "@/lib/queries/portfolio";

const first = (v: string | string[] | null | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** The direction a field sorts in when its header is first clicked: names A to Z, numbers largest first. */
export const defaultDirection = (field: PortfolioSortField) => (field === "name" ? "asc" : "desc");

/** `?sort=field:dir&q=…` of the portfolio; an unknown sort falls back to name A to Z, a long q is cut. */
export function portfolioParams(search: { sort?: string | string[]; q?: string | string[] }): PortfolioParams {
  const [field, dir] = first(search.sort).split(":");
  const known = (PORTFOLIO_SORTS as readonly string[]).includes(field);
  const sort = known ? `${field}:${dir === "asc" || dir === "desc" ? dir : defaultDirection(field as PortfolioSortField)}` : "name:asc";
  return { sort, q: first(search.q).replaceAll("\u0000", "").trim().slice(0, 255) };
}

export function portfolioHref({ sort, q }: PortfolioParams): string {
  const qs = new URLSearchParams();
  if (sort !== "name:asc") qs.set("sort", sort);
  if (q) qs.set("q", q);
  const s = qs.toString();
  return s ? `/portfolio?${s}` : "/portfolio";
}
