"use client";

import { useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { AdmitUrlsDialog } from "@/components/urls/admit-urls-dialog";
import { UrlDetailDialog } from "@/components/urls/url-detail-dialog";
import { UrlFiltersForm } from "@/components/urls/url-filters-form";
import { UrlTable } from "@/components/urls/url-table";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryError } from "@/components/ui/query-error";
import { Pagination } from "@/components/ui/pagination";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { urlsQuery, type UrlFilters } from "@/lib/queries/urls";
import { pageRange, parseUrlsSearch, URLS_PAGE_SIZE, urlsHref, type UrlsSearch } from "./search-params";

export function UrlsClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = parseUrlsSearch((k) => searchParams.get(k));
  const range = pageRange(search.page);
  const urls = useQuery(urlsQuery(ref, search.filters, range));
  const [admitting, setAdmitting] = useState(false);
  const filtered = Object.keys(search.filters).length > 0;

  // Filters, page and the open URL live in the address (reload and shared links land on them);
  // history.pushState keeps the navigation client-side, and Next's useSearchParams follows it.
  const go = (next: Partial<UrlsSearch>) => window.history.pushState(null, "", urlsHref(pathname, { ...search, ...next }));
  const setFilters = (filters: UrlFilters) => go({ filters, page: 1 });

  return (
    <section aria-labelledby="urls-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="urls-heading" className="text-lg font-semibold">URLs</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">Every URL this project tracks, with its health, indexability and what both search engines report.</p>
        </div>
        <Button onClick={() => setAdmitting(true)} aria-haspopup="dialog">Add URLs</Button>
      </div>

      <UrlFiltersForm filters={search.filters} onChange={setFilters} />

      {urls.isPending ? (
        <ListSkeleton label="Loading URLs…" rows={8} />
      ) : urls.isError ? (
        <QueryError error={urls.error} retry={urls.refetch} />
      ) : urls.data.data.length === 0 ? (
        filtered ? (
          <EmptyState title="No URLs match these filters" action={<Button variant="secondary" onClick={() => setFilters({})}>Clear filters</Button>}>
            Loosen or clear the filters to see more of the inventory.
          </EmptyState>
        ) : urls.data.meta.total > 0 ? (
          <EmptyState title="There are no URLs on this page" action={<Button variant="secondary" onClick={() => go({ page: 1 })}>Go to the first page</Button>} />
        ) : (
          <EmptyState title="No URLs tracked yet" action={<Button onClick={() => setAdmitting(true)} aria-haspopup="dialog">Add URLs</Button>}>
            Sync the sitemap from the Sitemaps tab, import a CSV file from the Imports tab, or paste URLs here.
          </EmptyState>
        )
      ) : (
        <div aria-busy={urls.isPlaceholderData || undefined} className={urls.isPlaceholderData ? "opacity-60" : undefined}>
          <UrlTable urls={urls.data.data} onOpen={(urlId) => go({ urlId })} />
          <Pagination
            label="URL pages"
            offset={range.offset}
            limit={URLS_PAGE_SIZE}
            total={urls.data.meta.total}
            shown={urls.data.data.length}
            onOffset={(offset) => go({ page: Math.floor(offset / URLS_PAGE_SIZE) + 1 })}
          />
        </div>
      )}

      {search.urlId && <UrlDetailDialog key={search.urlId} projectRef={ref} urlId={search.urlId} onClose={() => go({ urlId: null })} />}
      {admitting && <AdmitUrlsDialog projectRef={ref} onClose={() => setAdmitting(false)} />}
    </section>
  );
}
