"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { portfolioHref } from "@/app/(app)/portfolio/search-params";
import { portfolioQuery, type PortfolioParams } from "@/lib/queries/portfolio";
import { PortfolioTable } from "./portfolio-table";

/** The organization's projects as one dense table: filter by name or domain, sort by any column, both kept in the address bar. */
export function PortfolioClient({ orgId, orgName, initial }: { orgId: string | null; orgName: string; initial: PortfolioParams }) {
  const [search, setSearch] = useState(initial.q);
  const [params, setParams] = useState(initial);
  const portfolio = useQuery({ ...portfolioQuery(orgId ?? "", params), enabled: orgId !== null });

  // Typing filters after a pause; the address bar keeps the filter and the sort, so reloads and shared links keep them.
  useEffect(() => {
    const q = search.trim();
    if (q === params.q) return;
    const t = setTimeout(() => setParams((p) => ({ ...p, q })), 250);
    return () => clearTimeout(t);
  }, [search, params.q]);
  useEffect(() => {
    window.history.replaceState(null, "", portfolioHref(params));
  }, [params]);

  if (!orgId) {
    return (
      <EmptyState title="No organization yet">
        Projects belong to an organization and you are not a member of any. Ask an owner to invite you.
      </EmptyState>
    );
  }

  const rows = portfolio.data ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Portfolio</h1>
          <p className="mt-1 text-sm text-slate-600">Every website of {orgName || "this organization"} at a glance: indexing on Google and Bing, health and problems.</p>
        </div>
        <Link href="/projects" className={buttonClasses("secondary")}>Manage projects</Link>
      </div>

      <div role="search" className="max-w-md">
        <label htmlFor="portfolio-search" className="mb-1 block text-sm font-medium text-slate-700">Filter by name or domain</label>
        <input id="portfolio-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. shop" className={inputClasses} />
      </div>

      {portfolio.isPending ? (
        <ListSkeleton label="Loading the portfolio…" rows={6} />
      ) : portfolio.isError ? (
        <QueryError error={portfolio.error} retry={portfolio.refetch} />
      ) : rows.length === 0 && params.q ? (
        <EmptyState title="No matching projects">
          No project name or domain contains “{params.q}”.{" "}
          <button type="button" className="text-brand-700 underline underline-offset-2" onClick={() => { setSearch(""); setParams((p) => ({ ...p, q: "" })); }}>
            Clear the filter
          </button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState title="No websites yet" action={<Link href="/projects" className={buttonClasses("primary")}>Add a website</Link>}>
          Add the websites you look after; each one gets a row here with its indexing on Google and Bing.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-600" role="status" aria-live="polite">
            {rows.length.toLocaleString("en-US")} {rows.length === 1 ? "project" : "projects"}{params.q ? ` matching “${params.q}”` : ""}
          </p>
          <PortfolioTable rows={rows} sort={params.sort} onSort={(sort) => setParams((p) => ({ ...p, sort }))} busy={portfolio.isFetching} />
        </>
      )}
    </div>
  );
}
